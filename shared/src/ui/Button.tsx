import type { ButtonHTMLAttributes, Ref } from 'react';
import './tokens.css';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'normal' | 'small';
  /** Shows that an action is running and blocks a second click. */
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** A native button (keyboard and screen readers work as they should); `type` defaults to "button". */
export function Button({
  variant = 'secondary',
  size = 'normal',
  busy = false,
  className,
  type = 'button',
  disabled,
  children,
  ...rest
}: ButtonProps) {
  const classes = ['lb-button', `lb-button--${variant}`, size === 'small' ? 'lb-button--small' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button {...rest} type={type} className={classes} disabled={disabled || busy} aria-busy={busy || undefined}>
      {children}
    </button>
  );
}
