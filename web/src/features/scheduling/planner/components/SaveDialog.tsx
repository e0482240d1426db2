import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Dialog, Input, Textarea } from '../../../../shared/ui';
import type { SaveDialogState } from '../hooks/use-schedule-actions';
import { PLANNER_TEXTS } from '../model/texts';

/** Save dialog and send-and-save dialog: name (required) and description. */
export function SaveDialog({ state, onClose, onSubmit }: { state: SaveDialogState | null; onClose: () => void; onSubmit: (name: string, description: string) => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const open = state !== null;
  const mode = state?.mode;
  useEffect(() => {
    if (state) {
      setName(state.name);
      setDescription(state.description);
    }
    // Only when the dialog opens (or switches mode).
  }, [open, mode]); // eslint-disable-line react-hooks/exhaustive-deps
  const send = state?.mode === 'send';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(name, description);
  };
  const nameError = state?.error === PLANNER_TEXTS.nameRequired ? state.error : undefined;
  return (
    <Dialog
      open={open}
      onClose={() => !state?.busy && onClose()}
      size="md"
      title={send ? PLANNER_TEXTS.sendTitle : PLANNER_TEXTS.save}
      description={send ? PLANNER_TEXTS.sendIntro : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={state?.busy}>
            {PLANNER_TEXTS.cancel}
          </Button>
          <Button type="submit" form="planner-save-form" loading={state?.busy}>
            {send ? PLANNER_TEXTS.sendButton : PLANNER_TEXTS.saveButton}
          </Button>
        </>
      }
    >
      <form id="planner-save-form" className="form" onSubmit={submit} noValidate>
        <Input label={PLANNER_TEXTS.scheduleName} value={name} required onChange={(e) => setName(e.target.value)} error={nameError} maxLength={200} data-autofocus />
        <Textarea label={PLANNER_TEXTS.scheduleDescription} value={description} rows={3} onChange={(e) => setDescription(e.target.value)} maxLength={2000} />
        {state?.error && !nameError && <Alert kind="error">{state.error}</Alert>}
      </form>
    </Dialog>
  );
}
