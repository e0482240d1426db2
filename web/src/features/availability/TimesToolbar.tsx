import { formatSummedTime, type WeekSlots } from '@stundenplan/timegrid';
import { useRef, type CSSProperties, type ReactNode } from 'react';
import { Button } from '../../shared/ui/Button';
import { weekMinutes } from './grid/grid-model';
import { useElementHeight } from './use-element-height';
import './availability.css';

export interface TimesToolbarProps {
  /** The week whose total is shown ('n Stunden und m Minuten' or 'Keine Zeiten'). */
  times: WeekSlots;
  /** Label in front of the total. */
  sumLabel?: string;
  /** Preferred times inside `times`: 'davon bevorzugt: …' after the total when not empty. */
  preferred?: WeekSlots;
  dirty: boolean;
  saving?: boolean;
  onSave: () => void;
  onDiscard: () => void;
  /** Label of the save button (default 'Speichern'). */
  saveLabel?: string;
  /** Show the save button even without unsaved changes. */
  alwaysShowSave?: boolean;
  /** Extra content on the right (e.g. a 'Weiter' button). */
  children?: ReactNode;
}

/**
 * The summed time plus, while the edited times differ from the saved ones, the unsaved-changes
 * indicator with 'Speichern' and 'Verwerfen' (docs/product/planning.md, docs/product/times.md).
 */
export function TimesToolbar({
  times,
  sumLabel = 'Summe',
  preferred,
  dirty,
  saving = false,
  onSave,
  onDiscard,
  saveLabel = 'Speichern',
  alwaysShowSave = false,
  children,
}: TimesToolbarProps) {
  return (
    <div className={dirty ? 'times-toolbar times-toolbar--dirty' : 'times-toolbar'}>
      <p className="times-toolbar__sum">
        <span className="times-toolbar__label">{sumLabel}:</span> <strong data-testid="summed-time">{formatSummedTime(weekMinutes(times))}</strong>
        {preferred && !preferred.isEmpty() && (
          <span className="times-toolbar__preferred" data-testid="preferred-time">
            , davon bevorzugt: {formatSummedTime(weekMinutes(preferred))}
          </span>
        )}
      </p>
      <div className="times-toolbar__actions">
        {dirty && (
          <>
            <span className="unsaved-indicator" role="status">
              <span className="unsaved-indicator__dot" aria-hidden="true" />
              Ungespeicherte Änderungen
            </span>
            <Button variant="secondary" size="sm" onClick={onDiscard} disabled={saving}>
              Verwerfen
            </Button>
          </>
        )}
        {(dirty || alwaysShowSave) && (
          <Button variant="primary" size="sm" onClick={onSave} loading={saving}>
            {saveLabel}
          </Button>
        )}
        {children}
      </div>
    </div>
  );
}

/** A sticky toolbar above a grid whose sticky day row stays just below the toolbar. */
export function GridWithToolbar({ toolbar, children }: { toolbar: ReactNode; children: ReactNode }) {
  const toolbarRef = useRef<HTMLDivElement>(null);
  const height = useElementHeight(toolbarRef);
  return (
    <div className="grid-with-toolbar" style={{ '--toolbar-height': `${height}px` } as CSSProperties}>
      <div ref={toolbarRef} className="grid-with-toolbar__bar">
        {toolbar}
      </div>
      {children}
    </div>
  );
}
