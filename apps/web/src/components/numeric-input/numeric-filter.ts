// What a numeric input keeps of what was typed or pasted (spec §5): digits and one decimal point,
// cut to a maximum length. A comma counts as the decimal point, as many keyboards type one.
export interface NumericFilterOptions {
  /** Characters kept at most, the point included. */
  readonly maxLength?: number;
  /** Digits kept after the point at most (an asset's scale). */
  readonly maxDecimals?: number;
}

export function filterNumeric(input: string, options: NumericFilterOptions = {}): string {
  let seenPoint = false;
  let decimals = 0;
  let out = '';
  for (const char of input.replace(/,/g, '.')) {
    if (char === '.') {
      if (seenPoint || options.maxDecimals === 0) continue;
      seenPoint = true;
      out += out === '' ? '0.' : '.';
    } else if (char >= '0' && char <= '9') {
      if (seenPoint && options.maxDecimals !== undefined && decimals >= options.maxDecimals) continue;
      if (seenPoint) decimals += 1;
      out += char;
    }
  }
  return options.maxLength === undefined ? out : out.slice(0, Math.max(0, options.maxLength));
}

/** Only digits, at most `maxLength` of them: one-time codes and PINs. */
export function filterDigits(input: string, maxLength?: number): string {
  const digits = input.replace(/\D/g, '');
  return maxLength === undefined ? digits : digits.slice(0, maxLength);
}
