// The PIN that approves sends and withdrawals: 4 to 6 digits, and not a run the API refuses as too
// easy to guess (all the same digit, or consecutive up or down: 0000, 1234, 987654). The same rule
// as the API's, so the customer learns it while typing instead of after a round trip.
export const PIN_MIN_LENGTH = 4;
export const PIN_MAX_LENGTH = 6;

export type PinErrorKey =
  'validation.pinDigits' | 'validation.pinSimple' | 'validation.pinRepeatRequired' | 'validation.pinsMatch';

export function isSimplePin(pin: string): boolean {
  if (pin.length < 2) return false;
  const digits = [...pin].map(Number);
  const steps = new Set(digits.slice(1).map((digit, index) => digit - (digits[index] ?? 0)));
  if (steps.size !== 1) return false;
  const [step] = [...steps];
  return step === 0 || step === 1 || step === -1;
}

/** A PIN being entered to check it or to prove who you are: only its shape is checked. */
export function validatePinShape(pin: string): PinErrorKey | undefined {
  return new RegExp(`^\\d{${PIN_MIN_LENGTH},${PIN_MAX_LENGTH}}$`).test(pin) ? undefined : 'validation.pinDigits';
}

/** A new PIN: the right shape and not too simple. */
export function validateNewPin(pin: string): PinErrorKey | undefined {
  return validatePinShape(pin) ?? (isSimplePin(pin) ? 'validation.pinSimple' : undefined);
}

export function validatePinRepeat(pin: string, repeat: string): PinErrorKey | undefined {
  if (repeat.length === 0) return 'validation.pinRepeatRequired';
  return pin === repeat ? undefined : 'validation.pinsMatch';
}

/** How the customer proves it is them when changing the PIN. */
export type PinProof = 'pin' | 'password';

export interface PinChange {
  readonly proof: PinProof;
  readonly secret: string;
  readonly pin: string;
  /** The authenticator code, which the API also needs while authenticator 2FA is on. */
  readonly token?: string | undefined;
}

/** The body of PUT /user/pin/update. */
export function toPinUpdateBody(input: PinChange) {
  const proof = input.proof === 'pin' ? { currentPin: input.secret } : { password: input.secret };
  return { ...proof, ...(input.token ? { token: input.token } : {}), pin: input.pin };
}
