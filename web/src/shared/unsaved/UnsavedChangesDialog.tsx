import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';

export const UNSAVED_TEXTS = {
  title: 'Ungespeicherte Änderungen',
  description: 'Du hast Änderungen, die noch nicht gespeichert sind. Möchtest du sie speichern, bevor du fortfährst?',
  save: 'Speichern und fortfahren',
  discard: 'Verwerfen',
  back: 'Zurück',
} as const;

export interface UnsavedChangesDialogProps {
  open: boolean;
  saving?: boolean;
  /** False when the pending changes cannot be saved from here ('Speichern und fortfahren' disabled). */
  canSave?: boolean;
  /** Shown when `canSave` is false. */
  saveHint?: string;
  onSave: () => void;
  onDiscard: () => void;
  onBack: () => void;
}

/** The unsaved-changes modal (docs/product/planning.md Modals, docs/product/times.md Unsaved changes). */
export function UnsavedChangesDialog({ open, saving = false, canSave = true, saveHint, onSave, onDiscard, onBack }: UnsavedChangesDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!saving) onBack();
      }}
      title={UNSAVED_TEXTS.title}
      description={UNSAVED_TEXTS.description}
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={onBack} disabled={saving}>
            {UNSAVED_TEXTS.back}
          </Button>
          <Button variant="danger" onClick={onDiscard} disabled={saving}>
            {UNSAVED_TEXTS.discard}
          </Button>
          <Button variant="primary" onClick={onSave} loading={saving} disabled={!canSave} data-autofocus>
            {UNSAVED_TEXTS.save}
          </Button>
        </>
      }
    >
      {!canSave && saveHint ? <p className="muted">{saveHint}</p> : null}
    </Dialog>
  );
}
