import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  busy?: boolean;
  block?: boolean;
  children?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant = 'primary', busy = false, block = false, className, children, disabled, type, onClick, ...rest }: ButtonProps) {
  const cls = ['btn', `btn-${variant}`, block ? 'btn-block' : '', className ?? ''].filter(Boolean).join(' ');
  // Busy, it keeps keyboard focus (a disabled button drops it to the page, where a screen reader
  // user is lost once the answer comes) and does nothing: no click, no second form submission.
  return (
    <button
      type={type ?? 'button'}
      className={cls}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={busy ? (e) => e.preventDefault() : onClick}
      {...rest}
    >
      {busy ? <Spinner size="small" label="" /> : null}
      {children}
    </button>
  );
}

/** A round icon-only button; `label` is its accessible name. */
export function IconButton({ label, className, children, ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { label: string; ref?: Ref<HTMLButtonElement> }) {
  return (
    <button type="button" aria-label={label} title={label} className={['icon-btn', className ?? ''].join(' ')} {...rest}>
      {children}
    </button>
  );
}
