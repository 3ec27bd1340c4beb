// Numbers in an e-mail or SMS, written as the reader's language writes them and as the web app's
// formatter shows them on screen (ADR 0035; both take the marks from @rora/money), so a mail and the
// screen agree: `61,012.5` in English and Latin American Spanish, `61 012,5` in French (a narrow
// no-break space, as Intl writes it), `61.012,5` in Brazilian Portuguese; the percent sign where
// Intl's pattern puts it (`81.25%`, `81,25 %`, `81,25%`). Senders give plain decimal strings
// (`'61012.50'`, from bigint minor units); these only group the digits and swap the marks, so the
// number of decimals is the sender's and no amount goes through a float.
import { LANGUAGE_TAGS, type LanguageCode } from '@rora/contracts';
import { groupThousands, localiseNumber } from '@rora/money';

export interface NumberWriter {
  /** A plain decimal (`'61012.5'`) grouped in the reader's marks; text that is not one, as it came. */
  decimal(text: string): string;
  /** A plain decimal number of percent (`'81.25'`) with the sign where the language puts it. */
  percent(text: string): string;
}

const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
const NUMBER_PARTS = new Set<string>(['integer', 'group', 'decimal', 'fraction']);

export function numbersIn(language: LanguageCode): NumberWriter {
  const tag = LANGUAGE_TAGS[language];
  // Grouped as @rora/money writes (`61,012.5`), then in the language's marks, as the web app does.
  const digits = (whole: string, fraction: string | undefined) =>
    localiseNumber(`${groupThousands(whole)}${fraction === undefined ? '' : `.${fraction}`}`, tag);

  function decimal(text: string): string {
    const match = PLAIN_DECIMAL.exec(text.trim());
    if (!match) return text;
    const [, sign = '', whole = '', fraction] = match;
    return `${sign}${digits(whole, fraction)}`;
  }

  function percent(text: string): string {
    const match = PLAIN_DECIMAL.exec(text.trim());
    const number = match ? digits(match[2] ?? '', match[3]) : text;
    // Intl's own pattern for the language, with its digits replaced by ours (exact, the sender's decimals).
    const pattern = new Intl.NumberFormat(tag, { style: 'percent' }).formatToParts(match?.[1] === '-' ? -1 : 1);
    let written = false;
    return pattern
      .map((part) => {
        if (!NUMBER_PARTS.has(part.type)) return part.value;
        if (written) return '';
        written = true;
        return number;
      })
      .join('');
  }

  return { decimal, percent };
}
