// The marks a language writes numbers with, as Intl gives them: the web app's figures (ADR 0035)
// and the API's e-mails both rewrite @rora/money's en-US text (`1,234.56`) with them, so a screen
// and a mail read alike (`1 234,56` in French, with a narrow no-break space).

export interface NumberMarks {
  readonly decimal: '.' | ',';
  /** The thousands mark as Intl writes it (a narrow no-break space in French). */
  readonly group: string;
}

const cache = new Map<string, NumberMarks>();

/** The decimal and thousands marks of the language `languageTag` (`fr`, `pt-BR`, ...). */
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

/** `1,234.56` (what @rora/money writes) in the marks of `languageTag`: `1 234,56` in French. */
export function localiseNumber(text: string, languageTag: string): string {
  const { decimal, group } = numberMarks(languageTag);
  if (decimal === '.' && group === ',') return text;
  return text.replace(/[.,]/g, (mark) => (mark === '.' ? decimal : group));
}
