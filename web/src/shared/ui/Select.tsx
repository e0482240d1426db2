import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { cx } from './cx';
import { useTypedBeforeHydration } from './use-typed-before-hydration';
import { Field, fieldDescribedBy, type FieldChromeProps } from './Field';

export interface SelectOption {
  value: string | number;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'>, FieldChromeProps {
  options?: SelectOption[];
  /** A first, empty option (value ''). */
  placeholder?: string;
  selectClassName?: string;
  children?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

export function Select({ id, ref, label, hint, error, success, className, selectClassName, required, options, placeholder, children, ...rest }: SelectProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const fieldRef = useTypedBeforeHydration(ref);
  return (
    <Field id={selectId} label={label} hint={hint} error={error} success={success} className={className} required={required}>
      <div className="select-wrap">
        <select
          ref={fieldRef}
          id={selectId}
          className={cx('control', 'control--select', selectClassName)}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldDescribedBy(selectId, { hint, error, success })}
          {...rest}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options?.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
          {children}
        </select>
      </div>
    </Field>
  );
}
