// The first PIN's shape as the confirmation checks it before asking the API: 4 to 6 digits, typed
// twice the same. How simple a PIN may be is the API's rule (pin_is_too_simple), shown as it answers.

export type PinSetupProblem = 'pin' | 'repeat';

export function pinSetupError(pin: string, repeat: string): PinSetupProblem | null {
  if (!/^\d{4,6}$/.test(pin)) return 'pin';
  return pin === repeat ? null : 'repeat';
}
