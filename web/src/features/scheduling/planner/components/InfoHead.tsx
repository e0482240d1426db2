import type { ReactNode } from 'react';
import { Tooltip } from '../../../../shared/ui';

/** A setting's label (`children`) with an 'i' button that shows `info` on hover and focus ('Info: {name}'). */
export function InfoHead({ name, info, children }: { name: string; info: string; children: ReactNode }) {
  return (
    <div className="planner-wiggle__head">
      {children}
      <Tooltip content={info} placement="bottom">
        <button type="button" className="planner-info" aria-label={`Info: ${name}`}>
          i
        </button>
      </Tooltip>
    </div>
  );
}
