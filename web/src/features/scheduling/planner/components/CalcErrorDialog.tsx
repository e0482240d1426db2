import { Button, Dialog } from '../../../../shared/ui';
import { CALC_TEXTS, type CalcErrorView, type CalcNote } from '../model/calculation';

function NoteList({ title, notes }: { title: string; notes: readonly CalcNote[] }) {
  if (notes.length === 0) return null;
  return (
    <section className="calc-error__section">
      <h3 className="calc-error__heading">{title}</h3>
      <ul className="calc-error__list">
        {notes.map((n, i) => (
          <li key={`${n.memberId ?? n.name}-${i}`}>
            <strong>{n.name}</strong>
            {n.reason ? `: ${n.reason}` : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

interface Props {
  error: CalcErrorView | null;
  onClose: () => void;
  onEditTimes?: () => void;
  onTakeBest: () => void;
}

/** docs/product/errors.md "Calculation": the modal 'Stundenplan konnte nicht erstellt werden'. */
export function CalcErrorDialog({ error, onClose, onEditTimes, onTakeBest }: Props) {
  return (
    <Dialog
      open={error !== null}
      onClose={onClose}
      size="md"
      title={error?.title ?? CALC_TEXTS.errorTitle}
      footer={
        <>
          {error?.bestPlan && (
            <Button variant="secondary" onClick={onTakeBest}>
              {CALC_TEXTS.takeBest}
            </Button>
          )}
          {onEditTimes && (
            <Button
              variant="secondary"
              onClick={() => {
                onClose();
                onEditTimes();
              }}
            >
              {CALC_TEXTS.editTimes}
            </Button>
          )}
          <Button onClick={onClose} data-autofocus>
            {CALC_TEXTS.close}
          </Button>
        </>
      }
    >
      {error && (
        <div className="calc-error">
          {error.messages.map((m) => (
            <p key={m} className="calc-error__message">
              {m}
            </p>
          ))}
          <NoteList title={CALC_TEXTS.skippedTitle} notes={error.skipped} />
          <NoteList title={CALC_TEXTS.unscheduledTitle} notes={error.unscheduled} />
          {error.bestPlan && (
            <p className="calc-error__best">
              Der beste gefundene Teilplan plant {error.bestPlan.plan.placements.length} Studierende ein. Sie können ihn übernehmen und von Hand ergänzen.
            </p>
          )}
          <section className="calc-error__section">
            <h3 className="calc-error__heading">{CALC_TEXTS.suggestionsTitle}</h3>
            <ul className="calc-error__list">
              {CALC_TEXTS.suggestions.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          </section>
        </div>
      )}
    </Dialog>
  );
}
