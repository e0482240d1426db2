// Small presentational pieces the class pages need beyond shared/ui (kept local on purpose).
import { useId, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react';
import { cx } from '../../shared/ui/cx';
import { Tooltip } from '../../shared/ui/Tooltip';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** Accessible name, also shown as the tooltip. */
  label: string;
  icon: ReactNode;
  tone?: 'default' | 'danger' | 'accent';
}

export function IconButton({ label, icon, tone = 'default', className, type = 'button', ...rest }: IconButtonProps) {
  return (
    <Tooltip content={label}>
      <button type={type} className={cx('icon-btn', `icon-btn--${tone}`, className)} aria-label={label} {...rest}>
        {icon}
      </button>
    </Tooltip>
  );
}

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  /** Hide the label visually (table selection boxes). */
  labelHidden?: boolean;
}

export function Checkbox({ label, labelHidden, className, id, ...rest }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <label className={cx('check', className)} htmlFor={inputId}>
      <input id={inputId} type="checkbox" className="check__box" {...rest} />
      <span className={labelHidden ? 'visually-hidden' : 'check__label'}>{label}</span>
    </label>
  );
}

const svg = (path: ReactNode) => (
  <svg
    width="18"
    height="18"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    {path}
  </svg>
);

export const Icons = {
  clock: svg(
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </>,
  ),
  trash: svg(
    <>
      <path d="M4 7h16" />
      <path d="M10 11v6M14 11v6" />
      <path d="M6 7l1 13h10l1-13" />
      <path d="M9 7V4h6v3" />
    </>,
  ),
  mail: svg(
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 7l9 6 9-6" />
    </>,
  ),
  link: svg(
    <>
      <path d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1" />
      <path d="M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1" />
    </>,
  ),
  pencil: svg(
    <>
      <path d="M4 20h4L19 9l-4-4L4 16v4z" />
      <path d="M13.5 6.5l4 4" />
    </>,
  ),
  chevron: svg(<path d="M9 6l6 6-6 6" />),
  room: svg(
    <>
      <path d="M4 21V5l8-2v18" />
      <path d="M12 5h8v16" />
      <path d="M2 21h20" />
      <path d="M9 12h.01" />
    </>,
  ),
  plus: svg(<path d="M12 5v14M5 12h14" />),
  upload: svg(
    <>
      <path d="M12 16V4" />
      <path d="M7 9l5-5 5 5" />
      <path d="M4 20h16" />
    </>,
  ),
  copy: svg(
    <>
      <rect x="9" y="9" width="11" height="11" rx="2" />
      <path d="M5 15V5a1 1 0 0 1 1-1h10" />
    </>,
  ),
};
