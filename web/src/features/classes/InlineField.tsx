import { useRef, useState, type InputHTMLAttributes } from 'react';
import { toast } from '../../shared/toast/toast-store';
import { cx } from '../../shared/ui/cx';

export interface InlineFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onBlur' | 'onKeyDown' | 'onFocus'> {
  value: string;
  /** Accessible name (the table column is the visual label). */
  label: string;
  /** Error text for an invalid entry, or null. An invalid entry restores the old value (docs/product/classes.md). */
  validate: (draft: string) => string | null;
  /** Turns the accepted text into what is saved (trimmed, lower-cased, ...). */
  normalise?: (draft: string) => string;
  /** Called with the new value when it differs from `value`; may return the save's promise. */
  onCommit: (next: string) => unknown;
  suffix?: string;
}

/**
 * A table cell input saved on blur or Enter (docs/product/classes.md); Escape drops the edit. While editing it
 * shows the typed text, while a save runs the saved text, and otherwise `value` — so an
 * optimistic update and its rollback show through.
 */
export function InlineField({ value, label, validate, normalise = (s) => s.trim(), onCommit, suffix, className, ...rest }: InlineFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState<string | null>(null);
  // Enter saves and then blurs; the blur must not save a second time (nor after Escape).
  const skipBlur = useRef(false);

  const commit = (text: string) => {
    setDraft(null);
    const next = normalise(text);
    if (next === value) return;
    const error = validate(next);
    if (error) {
      toast.error(error);
      return;
    }
    setSaving(next);
    void Promise.resolve(onCommit(next)).finally(() => setSaving(null));
  };

  const shown = draft ?? saving ?? value;

  return (
    <span className={cx('inline-field', suffix && 'inline-field--suffix', className)}>
      <input
        className="control inline-field__input"
        aria-label={label}
        value={shown}
        onFocus={() => {
          skipBlur.current = false;
        }}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => {
          if (skipBlur.current) {
            skipBlur.current = false;
            return;
          }
          if (draft !== null) commit(draft);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            if (draft !== null) commit(draft);
            skipBlur.current = true;
            e.currentTarget.blur();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            setDraft(null);
            skipBlur.current = true;
            e.currentTarget.blur();
          }
        }}
        {...rest}
      />
      {suffix && <span className="inline-field__suffix">{suffix}</span>}
    </span>
  );
}
