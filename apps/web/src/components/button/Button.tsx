// The one button: primary, secondary, ghost and danger variants, at least 44 px tall. While
// `loading` it keeps its width, shows a spinner and refuses clicks, so a request is never sent twice.
// Disabled while loading, it loses focus (the browser moves it to <body>); pressed and then refused
// (the PIN is wrong, the order refused), it takes focus back so the keyboard is where it was, or
// gives it to the first field of its form while it stays disabled.
import { useEffect, useRef, type ButtonHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly variant?: ButtonVariant;
  readonly loading?: boolean;
  readonly block?: boolean;
  readonly icon?: ReactNode;
}

/**
 * Focus back on the button when a load it started ends and focus was lost meanwhile. The form may
 * disable it just after (a refused PIN is cleared): then the first field of its form takes focus.
 * Done once focus is on a field, or the customer has put it elsewhere.
 */
function useFocusAfterLoading(loading: boolean, disabled: boolean) {
  const ref = useRef<HTMLButtonElement>(null);
  const pressed = useRef(false);
  useEffect(() => {
    const button = ref.current;
    if (loading || !pressed.current || !button) return;
    const active = document.activeElement;
    // On the button itself, focus may not have moved off yet though it is disabled.
    const lost = active === null || active === document.body || active === button;
    const field = button.form?.querySelector<HTMLElement>('input:not([type="hidden"]):not([disabled])');
    if (lost) (disabled ? field : button)?.focus();
    if (!lost || (disabled && field)) pressed.current = false;
  }, [loading, disabled]);
  return { ref, onPressed: () => (pressed.current = true) };
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
  const focus = useFocusAfterLoading(loading, rest.disabled === true);
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    focus.onPressed();
    rest.onClick?.(event);
  };
  const classes = ['btn', `btn--${variant}`, block ? 'btn--block' : '', loading ? 'btn--loading' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type="button"
      {...rest}
      ref={focus.ref}
      onClick={onClick}
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
