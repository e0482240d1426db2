import { useId, type Ref, type TextareaHTMLAttributes } from 'react';
import { cx } from './cx';
import { useTypedBeforeHydration } from './use-typed-before-hydration';
import { Field, fieldDescribedBy, type FieldChromeProps } from './Field';

export interface TextareaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'>, FieldChromeProps {
  textareaClassName?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ id, ref, label, hint, error, success, className, textareaClassName, required, rows = 5, ...rest }: TextareaProps) {
  const autoId = useId();
  const textareaId = id ?? autoId;
  const fieldRef = useTypedBeforeHydration(ref);
  return (
    <Field id={textareaId} label={label} hint={hint} error={error} success={success} className={className} required={required}>
      <textarea
        ref={fieldRef}
        id={textareaId}
        rows={rows}
        className={cx('control', 'control--textarea', textareaClassName)}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(textareaId, { hint, error, success })}
        {...rest}
      />
    </Field>
  );
}
