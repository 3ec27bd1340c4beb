// A row of mutually exclusive choices (market / limit / dark pool, buy / sell, chart ranges) as an
// accessible tab list: arrow keys move between them, the chosen one is announced as selected.
import type { KeyboardEvent } from 'react';

export interface Segment<V extends string> {
  readonly value: V;
  readonly label: string;
}

interface Props<V extends string> {
  readonly label: string;
  readonly segments: readonly Segment<V>[];
  readonly value: V;
  readonly onChange: (value: V) => void;
  readonly tone?: 'plain' | 'trade';
  readonly className?: string;
}

export function Segmented<V extends string>({ label, segments, value, onChange, tone = 'plain', className }: Props<V>) {
  const move = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = segments[(index + step + segments.length) % segments.length]!;
    onChange(next.value);
    const buttons = event.currentTarget.parentElement?.querySelectorAll('button');
    (buttons?.[(index + step + segments.length) % segments.length] as HTMLButtonElement | undefined)?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={['segmented', `segmented--${tone}`, className ?? ''].join(' ')}>
      {segments.map((segment, index) => (
        <button
          key={segment.value}
          type="button"
          role="tab"
          aria-selected={segment.value === value}
          tabIndex={segment.value === value ? 0 : -1}
          className={`segmented__item segmented__item--${segment.value}`}
          onClick={() => onChange(segment.value)}
          onKeyDown={(event) => move(event, index)}
        >
          {segment.label}
        </button>
      ))}
    </div>
  );
}
