// What a code or PIN input keeps of what was typed or pasted: digits only, at most maxLength.
/** Only digits, at most `maxLength` of them: one-time codes and PINs. */
export function filterDigits(input: string, maxLength?: number): string {
  const digits = input.replace(/\D/g, '');
  return maxLength === undefined ? digits : digits.slice(0, maxLength);
}
