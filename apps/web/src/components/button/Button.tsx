// The one button: primary, secondary, ghost and danger variants, at least 44 px tall. While
// `loading` it keeps its width, shows a spinner and refuses clicks, so a request is never sent twice.
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly variant?: ButtonVariant;
  readonly loading?: boolean;
  readonly block?: boolean;
  readonly icon?: ReactNode;
}

export function Button({
  variant = 'primary',
  loading = false,
  block = false,
  icon,
  className,
  children,
  ...rest
}: ButtonProps) {
  const classes = ['btn', `btn--${variant}`, block ? 'btn--block' : '', loading ? 'btn--loading' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type="button"
      {...rest}
      className={classes}
      disabled={rest.disabled || loading}
      aria-busy={loading || undefined}
    >
      {icon ? (
        <span className="btn__icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <span className="btn__label">{children}</span>
      {loading ? <span className="btn__spinner" aria-hidden="true" /> : null}
    </button>
  );
}
