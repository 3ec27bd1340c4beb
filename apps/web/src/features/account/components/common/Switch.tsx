// An on/off switch (role="switch"): its label and description are tied to it for screen readers,
// the whole row is the 44 px touch target, and it shows when a change is being saved.
import { useId, type ReactNode } from 'react';

export interface SwitchProps {
  readonly label: ReactNode;
  readonly description?: ReactNode;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  readonly disabled?: boolean;
  readonly busy?: boolean;
}

export function Switch({ label, description, checked, onChange, disabled = false, busy = false }: SwitchProps) {
  const id = useId();
  return (
    <div className={['account-switch', disabled ? 'is-disabled' : ''].join(' ')}>
      <div className="account-switch__text">
        <label htmlFor={id} className="account-switch__label">
          {label}
        </label>
        {description ? (
          <p id={`${id}-description`} className="account-switch__description">
            {description}
          </p>
        ) : null}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={description ? `${id}-description` : undefined}
        aria-busy={busy || undefined}
        disabled={disabled}
        className="account-switch__control"
        onClick={() => onChange(!checked)}
      >
        <span className="account-switch__track" aria-hidden="true">
          <span className="account-switch__thumb" />
        </span>
      </button>
    </div>
  );
}
