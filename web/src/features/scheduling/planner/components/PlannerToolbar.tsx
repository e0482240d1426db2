import type { ReactNode } from 'react';
import { Tooltip } from '../../../../shared/ui';
import { cx } from '../../../../shared/ui/cx';
import { PLANNER_TEXTS } from '../model/texts';
import { FolderIcon, PdfIcon, SaveIcon, SendIcon } from './icons';

interface Props {
  dirty: boolean;
  disabled: boolean;
  pdfBusy: boolean;
  onLoad: () => void;
  onSave: () => void;
  onPdf: () => void;
  onSend: () => void;
}

function IconButton({
  label,
  onClick,
  disabled,
  children,
  badge,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
  badge?: boolean;
}) {
  return (
    // Below: above the toolbar the page's sticky header would cover it.
    <Tooltip content={label} placement="bottom">
      <button type="button" className={cx('icon-button', badge && 'icon-button--badge')} aria-label={label} onClick={onClick} disabled={disabled}>
        {children}
        {badge && <span className="icon-button__dot" aria-hidden="true" />}
      </button>
    </Tooltip>
  );
}

/** Load, save (with the unsaved indicator; disabled without unsaved changes), PDF download and send. */
export function PlannerToolbar({ dirty, disabled, pdfBusy, onLoad, onSave, onPdf, onSend }: Props) {
  return (
    <div className="planner-toolbar" role="toolbar" aria-label="Stundenplan">
      <IconButton label={PLANNER_TEXTS.load} onClick={onLoad} disabled={disabled}>
        <FolderIcon />
      </IconButton>
      <IconButton
        label={dirty ? `${PLANNER_TEXTS.save} (${PLANNER_TEXTS.unsaved})` : PLANNER_TEXTS.save}
        onClick={onSave}
        disabled={disabled || !dirty}
        badge={dirty}
      >
        <SaveIcon />
      </IconButton>
      <IconButton label={PLANNER_TEXTS.pdf} onClick={onPdf} disabled={disabled || pdfBusy}>
        <PdfIcon />
      </IconButton>
      <IconButton label={PLANNER_TEXTS.send} onClick={onSend} disabled={disabled}>
        <SendIcon />
      </IconButton>
      {dirty && <span className="planner-toolbar__unsaved">{PLANNER_TEXTS.unsaved}</span>}
    </div>
  );
}
