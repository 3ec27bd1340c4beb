// A native checkbox with its label as the whole 44 px touch target.
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './checkbox.css';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  readonly label: ReactNode;
}

export function Checkbox({ label, id, className, ...input }: CheckboxProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <label className={['checkbox', className ?? ''].join(' ')} htmlFor={inputId}>
      <input {...input} id={inputId} type="checkbox" className="checkbox__input" />
      <span className="checkbox__label">{label}</span>
    </label>
  );
}
