import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { cx } from './cx';
import { useTypedBeforeHydration } from './use-typed-before-hydration';
import { Field, fieldDescribedBy, type FieldChromeProps } from './Field';

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'>, FieldChromeProps {
  inputClassName?: string;
  ref?: Ref<HTMLInputElement>;
}

export function Input({ id, ref, label, hint, error, success, live, className, inputClassName, required, ...rest }: InputProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const fieldRef = useTypedBeforeHydration(ref);
  return (
    <Field id={inputId} label={label} hint={hint} error={error} success={success} live={live} className={className} required={required}>
      <input
        ref={fieldRef}
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
