import { Button, Dialog } from '../../../../shared/ui';
import { PLANNER_TEXTS } from '../model/texts';

/** docs/product/planning.md: a same-name hit without explicit overwrite opens this prompt. */
export function OverwriteDialog({ name, busy, onCancel, onConfirm }: { name: string | null; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <Dialog
      open={name !== null}
      onClose={onCancel}
      size="sm"
      title={PLANNER_TEXTS.overwriteTitle}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy} data-autofocus>
            {PLANNER_TEXTS.cancel}
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={busy}>
            {PLANNER_TEXTS.overwrite}
          </Button>
        </>
      }
    >
      <p>{PLANNER_TEXTS.overwriteAsk}</p>
      {name && (
        <p>
          <strong>{name}</strong>
        </p>
      )}
    </Dialog>
  );
}
