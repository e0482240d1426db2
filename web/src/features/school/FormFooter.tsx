// The end of a school form (the API's German refusal, submit, 'Abbrechen' when editing) and the buttons of a listed item.
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { SCHOOL_TEXTS as T } from './school-texts';

export function FormFooter({ error, pending, submit, onCancel }: { error: string | null; pending: boolean; submit: string; onCancel?: () => void }) {
  return (
    <>
      {error && <Alert kind="error" title={error} />}
      <div className="button-row">
        <Button type="submit" size="sm" loading={pending}>
          {submit}
        </Button>
        {onCancel && (
          <Button variant="secondary" size="sm" onClick={onCancel}>
            {T.cancel}
          </Button>
        )}
      </div>
    </>
  );
}

/** 'Bearbeiten' and 'Löschen' of one site or room, named for screen readers by the item's name. */
export function ItemActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <div className="school-item__actions">
      <Button variant="secondary" size="sm" aria-label={`${T.edit}: ${name}`} onClick={onEdit}>
        {T.edit}
      </Button>
      <Button variant="danger" size="sm" aria-label={`${T.remove}: ${name}`} onClick={onDelete}>
        {T.remove}
      </Button>
    </div>
  );
}
