// Numbers written into the copy (a rule's minimum, an example, a range) are in the reader's marks
// (ADR 0035), as the formatter would write them, and mean what the English text means: the amount
// field refuses `0,01` in Latin American Spanish, so a hint that writes it so misleads the reader.
import { describe, expect, it } from 'vitest';
import { LANGUAGE_TAGS } from './languages.ts';
import { numberMarks } from '../format/numbers.ts';
import { localesByFolder } from '../../testing/locale-files.ts';

const SPACES = /[\s\u00a0\u202f]/g;
/** A number written with a mark: `0.01`, `100,000`, `10 000`, `0,25`. */
const MARKED_NUMBER = /\d+(?:[.,\u00a0\u202f ]\d+)+/g;

/** The token read in the language's marks, and the same value as Intl writes it there. */
function readAndRewrite(token: string, tag: string): { value: number; canonical: string } {
  const { decimal, group } = numberMarks(tag);
  let plain = token.replace(SPACES, '');
  if (group.trim() !== '') plain = plain.split(group).join('');
  const [whole = '', fraction = ''] = plain.split(decimal);
  const value = /^\d+$/.test(whole) && /^\d*$/.test(fraction) ? Number(`${whole}.${fraction || '0'}`) : NaN;
  const digits = { minimumFractionDigits: fraction.length, maximumFractionDigits: fraction.length };
  return { value, canonical: new Intl.NumberFormat(tag, digits).format(value) };
}

const sameSpaces = (text: string) => text.replace(SPACES, ' ');
const percentHasSpace = (tag: string) => /\d\s%/.test(new Intl.NumberFormat(tag, { style: 'percent' }).format(0.5));

const byFolder = localesByFolder();

describe('numbers written in the copy', () => {
  for (const [folder, languages] of byFolder) {
    const english = languages.get('en')!;
    for (const [language, tag] of Object.entries(LANGUAGE_TAGS)) {
      it(`${folder}/${language}: in the reader's marks, the English values`, () => {
        const problems: string[] = [];
        for (const [key, text] of languages.get(language)!) {
          const tokens = text.match(MARKED_NUMBER) ?? [];
          const read = tokens.map((token) => ({ token, ...readAndRewrite(token, tag) }));
          const miswritten = read.filter(({ token, canonical }) => sameSpaces(token) !== sameSpaces(canonical));
          const values = read.map(({ value }) => value).sort();
          const meant = (english.get(key)?.match(MARKED_NUMBER) ?? []).map((t) => readAndRewrite(t, 'en').value).sort();
          const spacedPercent = /\d\s%/.test(text);
          const percentWrong = /\d\s?%/.test(text) && spacedPercent !== percentHasSpace(tag);
          if (miswritten.length > 0 || values.join() !== meant.join() || percentWrong) problems.push(`${key}: ${text}`);
        }
        expect(problems).toEqual([]);
      });
    }
  }
});
