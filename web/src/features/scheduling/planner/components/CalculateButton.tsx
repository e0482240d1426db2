import { Button } from '../../../../shared/ui';
import { CALC_TEXTS } from '../model/calculation';
import type { ProgressInfo } from '../model/progress';
import { PLANNER_TEXTS } from '../model/texts';

/** The calculate button; while running: 'Berechnung läuft...', the patience hint and the progress bar. */
export function CalculateButton({
  running,
  progress,
  disabled,
  onClick,
}: {
  running: boolean;
  progress: ProgressInfo | null;
  disabled: boolean;
  onClick: () => void;
}) {
  const percent = progress?.percent ?? 0;
  return (
    <div className="planner-calc">
      <Button block variant="primary" onClick={onClick} disabled={disabled || running} aria-busy={running || undefined}>
        {running ? CALC_TEXTS.running : PLANNER_TEXTS.calculate}
      </Button>
      {running && (
        <div className="planner-calc__progress" aria-live="polite">
          <p className="planner-calc__hint">{CALC_TEXTS.patience}</p>
          <div
            className="progress"
            role="progressbar"
            aria-label="Fortschritt der Berechnung"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={progress?.label || `${percent} %`}
          >
            <div className="progress__bar" style={{ width: `${Math.max(4, percent)}%` }} />
          </div>
          {progress?.label && <p className="planner-calc__stage">{progress.label}</p>}
        </div>
      )}
    </div>
  );
}
