// Dates as a person reads them, in the chosen language. Amounts use @rora/money's formatters.
import { dateTimeFormat } from './intl-cache.ts';

export function formatFullDate(date: Date, languageTag: string): string {
  return dateTimeFormat(languageTag, { dateStyle: 'full' }).format(date);
}

export function formatTime(date: Date, languageTag: string): string {
  return dateTimeFormat(languageTag, { timeStyle: 'short' }).format(date);
}

/** The local calendar day of a date, `YYYY-MM-DD`, for grouping. */
export function localDayKey(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}
