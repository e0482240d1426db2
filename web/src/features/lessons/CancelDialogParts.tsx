// The pieces every cancel dialog shares: the optional reason with the refusal below it, and the two buttons.
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { Textarea } from '../../shared/ui/Textarea';

export function CancelReason({
  label,
  placeholder,
  rows,
  value,
  onChange,
  error,
}: {
  label: string;
  placeholder?: string;
  rows: number;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  return (
    <>
      <Textarea label={label} placeholder={placeholder} rows={rows} maxLength={500} value={value} onChange={(e) => onChange(e.target.value)} />
      {error && <Alert kind="error" title={error} />}
    </>
  );
}

export function CancelFooter({
  cancelLabel,
  confirmLabel,
  onClose,
  onConfirm,
  pending,
  disabled,
}: {
  cancelLabel: string;
  confirmLabel: string;
  onClose: () => void;
  onConfirm: () => void;
  pending: boolean;
  disabled?: boolean;
}) {
  return (
    <>
      <Button variant="secondary" onClick={onClose}>
        {cancelLabel}
      </Button>
      <Button variant="danger" loading={pending} disabled={disabled} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </>
  );
}
