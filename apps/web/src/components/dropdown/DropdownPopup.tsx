// The open part of the dropdown: an optional search box and the listbox. Focus stays in the search
// box (or the list) and aria-activedescendant names the highlighted option, so arrows, Home, End,
// Enter and Escape work without moving focus option by option.
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Check } from 'lucide-react';
import { filterOptions, moveHighlight, shouldShowSearch, type DropdownOption } from './dropdown-model.ts';

interface DropdownPopupProps<V extends string> {
  readonly options: readonly DropdownOption<V>[];
  readonly value: V | null;
  readonly labelId: string;
  readonly searchLabel: string;
  readonly emptyText: string;
  readonly onSelect: (value: V) => void;
  readonly onClose: (refocus: boolean) => void;
}

interface KeyContext {
  readonly highlight: number;
  readonly count: number;
  /** With a search box, Home and End move the text cursor instead. */
  readonly searchable: boolean;
  readonly setHighlight: (index: number) => void;
  readonly select: () => void;
  readonly onClose: (refocus: boolean) => void;
}

function handleKey(event: KeyboardEvent<HTMLElement>, context: KeyContext): void {
  const { highlight, count } = context;
  const moves: Record<string, () => number> = {
    ArrowDown: () => moveHighlight(highlight, 1, count),
    ArrowUp: () => moveHighlight(highlight, -1, count),
    Home: () => (count ? 0 : -1),
    End: () => count - 1,
  };
  const move = moves[event.key];
  if (move && !(context.searchable && (event.key === 'Home' || event.key === 'End'))) {
    event.preventDefault();
    context.setHighlight(move());
  } else if (event.key === 'Enter') {
    event.preventDefault();
    context.select();
  } else if (event.key === 'Escape') {
    event.preventDefault();
    event.stopPropagation();
    context.onClose(true);
  } else if (event.key === 'Tab') {
    context.onClose(false);
  }
}

export function DropdownPopup<V extends string>(props: DropdownPopupProps<V>) {
  const { options, value, labelId, onSelect, onClose } = props;
  const searchable = shouldShowSearch(options.length);
  const [query, setQuery] = useState('');
  const visible = useMemo(() => filterOptions(options, query), [options, query]);
  const [highlight, setHighlight] = useState(() =>
    Math.max(
      0,
      options.findIndex((option) => option.value === value),
    ),
  );
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const baseId = useId();
  const optionId = (index: number) => `${baseId}-option-${index}`;

  // Before the browser paints: a key pressed as soon as the list shows reaches it, not the trigger.
  useLayoutEffect(() => (searchRef.current ?? listRef.current)?.focus(), []);
  useEffect(() => {
    document.getElementById(optionId(highlight))?.scrollIntoView({ block: 'nearest' });
  });

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) =>
    handleKey(event, {
      highlight,
      count: visible.length,
      searchable,
      setHighlight,
      onClose,
      select: () => {
        const option = visible[highlight];
        if (option) onSelect(option.value);
      },
    });

  const activeDescendant = highlight >= 0 && highlight < visible.length ? optionId(highlight) : undefined;
  return (
    <div className="dropdown__popup" onKeyDown={onKeyDown}>
      {searchable ? (
        <input
          ref={searchRef}
          className="dropdown__search"
          type="search"
          value={query}
          placeholder={props.searchLabel}
          aria-label={props.searchLabel}
          aria-controls={`${baseId}-list`}
          aria-activedescendant={activeDescendant}
          autoComplete="off"
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            setHighlight(0);
          }}
        />
      ) : null}
      <ul
        ref={listRef}
        id={`${baseId}-list`}
        role="listbox"
        aria-labelledby={labelId}
        tabIndex={searchable ? undefined : -1}
        aria-activedescendant={searchable ? undefined : activeDescendant}
        className="dropdown__list"
      >
        {visible.map((option, index) => (
          <li
            key={option.value}
            id={optionId(index)}
            role="option"
            aria-selected={option.value === value}
            className={['dropdown__option', index === highlight ? 'is-highlighted' : ''].join(' ')}
            onPointerMove={() => setHighlight(index)}
            onClick={() => onSelect(option.value)}
          >
            <span>{option.label}</span>
            {option.value === value ? <Check size={16} aria-hidden="true" /> : null}
          </li>
        ))}
        {visible.length === 0 ? <li className="dropdown__empty">{props.emptyText}</li> : null}
      </ul>
    </div>
  );
}
