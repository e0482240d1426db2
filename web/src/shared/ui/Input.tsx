import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { cx } from './cx';
import { Field, fieldDescribedBy, type FieldChromeProps } from './Field';

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'>, FieldChromeProps {
  inputClassName?: string;
  ref?: Ref<HTMLInputElement>;
}

export function Input({ id, label, hint, error, success, live, className, inputClassName, required, ...rest }: InputProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <Field id={inputId} label={label} hint={hint} error={error} success={success} live={live} className={className} required={required}>
      <input
        id={inputId}
        className={cx('control', inputClassName)}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(inputId, { hint, error, success })}
        {...rest}
      />
    </Field>
  );
}
