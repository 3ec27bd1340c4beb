// Numbers in the reader's marks. @rora/money formats exactly, with bigint and en-US marks
// (`1,234.56`); these helpers rewrite such text with the language's decimal and thousands marks
// (`1 234,56` in French), and tell an amount field which decimal mark the reader types.
export interface NumberMarks {
  readonly decimal: '.' | ',';
  /** The thousands mark as Intl writes it (a narrow no-break space in French). */
  readonly group: string;
}

const cache = new Map<string, NumberMarks>();

export function numberMarks(languageTag: string): NumberMarks {
  const known = cache.get(languageTag);
  if (known) return known;
  const parts = new Intl.NumberFormat(languageTag).formatToParts(12345.6);
  const decimal = parts.find((part) => part.type === 'decimal')?.value === ',' ? ',' : '.';
  const group = parts.find((part) => part.type === 'group')?.value ?? (decimal === ',' ? '.' : ',');
  const marks = { decimal, group } as const;
  cache.set(languageTag, marks);
  return marks;
}

/** `1,234.56` (what @rora/money writes) in the reader's marks: `1 234,56` in French. */
export function localiseNumber(text: string, languageTag: string): string {
  const { decimal, group } = numberMarks(languageTag);
  if (decimal === '.' && group === ',') return text;
  return text.replace(/[.,]/g, (mark) => (mark === '.' ? decimal : group));
}
