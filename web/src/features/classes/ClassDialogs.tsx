// Create and edit dialogs of a class (docs/product/classes.md, docs/product/classes.md Class).
import { useEffect, useId, useState } from 'react';
import { toast } from '../../shared/toast/toast-store';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { Input } from '../../shared/ui/Input';
import { Textarea } from '../../shared/ui/Textarea';
import { useUpdateClass } from './class-mutations';
import { classesApi, type ClassDto, type NewClassInput } from './classes-api';
import { Checkbox } from './local-ui';
import { CLASS_MESSAGES } from './messages';
import { validateClassName } from './validation';

/** Description: trimmed, sent as null when empty (docs/product/classes.md Class). */
export const descriptionOrNull = (text: string) => text.trim() || null;

export function CreateClassDialog({ open, onClose, onCreate }: { open: boolean; onClose: () => void; onCreate: (input: NewClassInput) => void }) {
  const formId = useId();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [isGroup, setIsGroup] = useState(false);
  const [code, setCode] = useState<string | null>(null);
  const [codeState, setCodeState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [nameError, setNameError] = useState<string | null>(null);

  const generate = async () => {
    setCodeState('loading');
    try {
      const next = await classesApi.generateShortcut();
      setCode(next);
      setCodeState(next ? 'ready' : 'failed');
    } catch {
      setCode(null);
      setCodeState('failed');
    }
  };

  useEffect(() => {
    if (!open) return;
    setName('');
    setDescription('');
    setIsGroup(false);
    setNameError(null);
    void generate();
  }, [open]);

  const submit = () => {
    const error = validateClassName(name);
    setNameError(error);
    if (error) return;
    onCreate({ name: name.trim(), description: descriptionOrNull(description), is_group: isGroup, register_shortcut: code });
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={CLASS_MESSAGES.newClass}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Abbrechen
          </Button>
          <Button type="submit" form={formId}>
            Anlegen
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Input
          label="Name"
          required
          maxLength={50}
          value={name}
          placeholder="z.B. Klavier Hauptfach"
          onChange={(e) => {
            setName(e.target.value);
            setNameError(null);
          }}
          error={nameError ?? undefined}
          hint={CLASS_MESSAGES.nameVisibleHint}
          data-autofocus
        />
        <Textarea label="Beschreibung (optional)" rows={3} maxLength={500} value={description} onChange={(e) => setDescription(e.target.value)} />
        <div className="field-group">
          <Checkbox label="Gruppenunterricht" checked={isGroup} onChange={(e) => setIsGroup(e.target.checked)} />
          {isGroup && <Alert kind="warning" title={CLASS_MESSAGES.groupNotImplemented} />}
        </div>
        <div className="field">
          <span className="field__label" id={`${formId}-code`}>
            Registrierungscode
          </span>
          <div className="code-field" aria-labelledby={`${formId}-code`}>
            <code className="code-field__value" aria-live="polite">
              {codeState === 'loading' ? 'wird erzeugt…' : (code ?? '---')}
            </code>
            <Button size="sm" variant="ghost" onClick={() => void generate()} disabled={codeState === 'loading'}>
              Neuen Code erzeugen
            </Button>
          </div>
          <p className="field__hint">
            {codeState === 'failed'
              ? CLASS_MESSAGES.codeGenerationFailed
              : 'Mit diesem Code treten deine Studierenden der Klasse bei. Er kann später nicht geändert werden.'}
          </p>
        </div>
      </form>
    </Dialog>
  );
}

export function EditClassDialog({ cls, onClose, onSaved }: { cls: ClassDto | null; onClose: () => void; onSaved: (updated: ClassDto) => void }) {
  const formId = useId();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const update = useUpdateClass();
  const saving = update.isPending;

  useEffect(() => {
    if (!cls) return;
    setName(cls.name);
    setDescription(cls.description ?? '');
    setNameError(null);
    setSaveError(null);
  }, [cls]);

  const save = () => {
    if (!cls) return;
    const error = validateClassName(name);
    setNameError(error);
    if (error) return;
    setSaveError(null);
    update.mutate(
      { cls, body: { name: name.trim(), description: descriptionOrNull(description) } },
      {
        onSuccess: (updated) => {
          toast.success(CLASS_MESSAGES.updated);
          onSaved(updated);
          onClose();
        },
        onError: () => {
          setSaveError(CLASS_MESSAGES.updateFailed);
          toast.error(CLASS_MESSAGES.updateFailed);
        },
      },
    );
  };

  return (
    <Dialog
      open={cls !== null}
      onClose={onClose}
      title={CLASS_MESSAGES.editTitle}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Abbrechen
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {CLASS_MESSAGES.saveChanges}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Input
          label="Name"
          required
          maxLength={50}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setNameError(null);
          }}
          error={nameError ?? undefined}
          hint={CLASS_MESSAGES.nameVisibleHint}
          data-autofocus
        />
        <Textarea label="Beschreibung (optional)" rows={3} maxLength={500} value={description} onChange={(e) => setDescription(e.target.value)} />
        <Input label="Registrierungscode" value={cls?.register_shortcut ?? ''} readOnly hint={CLASS_MESSAGES.codeReadOnly} inputClassName="control--readonly" />
        {saveError && <Alert kind="error" title={saveError} />}
      </form>
    </Dialog>
  );
}
