// A small radio group shown as side-by-side buttons (theme; password or code): native radios, so
// arrow keys move between the options and a screen reader announces '1 of 2'.
import { useId, type ReactNode } from 'react';

export interface Choice<V extends string> {
  readonly value: V;
  readonly label: string;
  readonly icon?: ReactNode;
}

export interface ChoiceGroupProps<V extends string> {
  readonly legend: string;
  readonly choices: readonly Choice<V>[];
  readonly value: V;
  readonly onChange: (value: V) => void;
  readonly disabled?: boolean;
}

export function ChoiceGroup<V extends string>({
  legend,
  choices,
  value,
  onChange,
  disabled = false,
}: ChoiceGroupProps<V>) {
  const name = useId();
  return (
    <fieldset className="account-segmented" disabled={disabled}>
      <legend className="account-segmented__legend">{legend}</legend>
      <div className="account-segmented__options">
        {choices.map((choice) => (
          <label key={choice.value} className="account-segmented__option">
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              className="account-segmented__input"
            />
            {choice.icon ? <span aria-hidden="true">{choice.icon}</span> : null}
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
