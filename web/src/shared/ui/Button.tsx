import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { cx } from './cx';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, StyleProps {
  /** Shows a spinner and disables the button. */
  loading?: boolean;
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

export function buttonClass({ variant = 'primary', size = 'md', block }: StyleProps, extra?: string): string {
  return cx('btn', `btn--${variant}`, `btn--${size}`, block && 'btn--block', extra);
}

export function Button({ variant, size, block, loading = false, icon, className, disabled, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClass({ variant, size, block }, className)} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading ? <Spinner size="sm" label="Bitte warten…" /> : icon}
      {children}
    </button>
  );
}

export interface ButtonLinkProps extends LinkProps, StyleProps {}

/** A router link that looks like a button. */
export function ButtonLink({ variant = 'secondary', size, block, className, ...rest }: ButtonLinkProps) {
  return <Link className={buttonClass({ variant, size, block }, className)} {...rest} />;
}
