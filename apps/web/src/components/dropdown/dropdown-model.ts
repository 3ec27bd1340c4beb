// The pure parts of the dropdown (spec §2): when to offer a search box, how a long selected label is
// shortened, which options match a search and where the keyboard highlight moves.
import { DROPDOWN_SEARCH_THRESHOLD, LABEL_TRUNCATE_LENGTH } from '../../lib/constants.ts';

export interface DropdownOption<V extends string = string> {
  readonly value: V;
  readonly label: string;
  /** Extra words a search matches (a dial code, an ISO code) without showing them in the label. */
  readonly keywords?: readonly string[];
}

/** A search box only when there are more than five options. */
export function shouldShowSearch(optionCount: number, threshold: number = DROPDOWN_SEARCH_THRESHOLD): boolean {
  return optionCount > threshold;
}

/** Labels longer than 12 characters are cut to 12 and end with an ellipsis. */
export function truncateLabel(label: string, maxLength: number = LABEL_TRUNCATE_LENGTH): string {
  const characters = Array.from(label);
  return characters.length > maxLength ? `${characters.slice(0, maxLength).join('')}…` : label;
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** Options whose label or keywords contain the query, ignoring case and accents; best matches first. */
export function filterOptions<O extends DropdownOption>(options: readonly O[], query: string): O[] {
  const needle = fold(query);
  if (needle === '') return [...options];
  const starts: O[] = [];
  const contains: O[] = [];
  for (const option of options) {
    const words = [option.label, ...(option.keywords ?? [])].map(fold);
    if (words.some((word) => word.startsWith(needle))) starts.push(option);
    else if (words.some((word) => word.includes(needle))) contains.push(option);
  }
  return [...starts, ...contains];
}

/** The highlighted index after an arrow key, wrapping at both ends; -1 when the list is empty. */
export function moveHighlight(index: number, delta: number, count: number): number {
  if (count === 0) return -1;
  if (index < 0) return delta > 0 ? 0 : count - 1;
  return (((index + delta) % count) + count) % count;
}
