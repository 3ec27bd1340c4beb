// The dropdown of spec §2: a button showing the choice (the text variant cuts labels longer than 12
// characters), a listbox popup with a search box above five options, and full keyboard use.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { truncateLabel, type DropdownOption } from './dropdown-model.ts';
import { DropdownPopup } from './DropdownPopup.tsx';
import './dropdown.css';

export interface DropdownProps<V extends string> {
  readonly label: string;
  readonly hideLabel?: boolean;
  readonly options: readonly DropdownOption<V>[];
  readonly value: V | null;
  readonly onChange: (value: V) => void;
  readonly placeholder?: string;
  /** `text`: a compact selector whose long labels are truncated; `field`: a full-width form field. */
  readonly variant?: 'text' | 'field';
  /** What the closed button shows for the chosen option (defaults to its label). */
  readonly renderValue?: (option: DropdownOption<V>) => ReactNode;
  readonly searchLabel?: string;
  readonly emptyText?: string;
  readonly className?: string;
}

export function Dropdown<V extends string>(props: DropdownProps<V>) {
  const { label, hideLabel, options, value, onChange, placeholder, variant = 'field', renderValue } = props;
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const labelId = useId();
  const valueId = `${labelId}-value`;
  const selected = options.find((option) => option.value === value) ?? null;

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) triggerRef.current?.focus();
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  };

  const shown = selected
    ? (renderValue?.(selected) ?? (variant === 'text' ? truncateLabel(selected.label) : selected.label))
    : null;

  return (
    <div className={['dropdown', `dropdown--${variant}`, props.className ?? ''].join(' ')} ref={rootRef}>
      <span id={labelId} className={hideLabel ? 'visually-hidden' : 'dropdown__label'}>
        {label}
      </span>
      <button
        ref={triggerRef}
        type="button"
        className="dropdown__trigger"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${labelId} ${valueId}`}
        title={selected && variant === 'text' ? selected.label : undefined}
        onClick={() => setOpen((isOpen) => !isOpen)}
        onKeyDown={onTriggerKeyDown}
      >
        <span className="dropdown__value" aria-hidden="true">
          {shown ?? <span className="dropdown__placeholder">{placeholder}</span>}
        </span>
        <span id={valueId} className="visually-hidden">
          {selected?.label ?? placeholder}
        </span>
        <ChevronDown size={16} aria-hidden="true" />
      </button>
      {open ? (
        <DropdownPopup
          options={options}
          value={value}
          labelId={labelId}
          searchLabel={props.searchLabel ?? label}
          emptyText={props.emptyText ?? ''}
          onSelect={(next) => {
            onChange(next);
            close(true);
          }}
          onClose={close}
        />
      ) : null}
    </div>
  );
}
