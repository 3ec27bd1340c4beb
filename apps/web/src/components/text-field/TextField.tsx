// A labelled input with its hint and error tied to it for screen readers (aria-describedby). The
// error shows as the customer types; the space for it is reserved so the form does not jump.
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import './text-field.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  readonly label: string;
  readonly error?: string | undefined;
  readonly hint?: ReactNode;
  /** Rendered inside the field on the right (a show-password button, a unit). */
  readonly trailing?: ReactNode;
  /** Rendered inside the field on the left (a dial-code picker). */
  readonly leading?: ReactNode;
  readonly inputRef?: Ref<HTMLInputElement>;
}

export function TextField({
  label,
  error,
  hint,
  trailing,
  leading,
  inputRef,
  className,
  id,
  ...input
}: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="field__control">
        {leading}
        <input
          {...input}
          ref={inputRef}
          id={inputId}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {trailing}
      </div>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <p className="field__error" id={errorId} role={error ? 'alert' : undefined}>
        {error ?? ''}
      </p>
    </div>
  );
}
