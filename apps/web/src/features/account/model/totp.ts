// Authenticator 2FA on the client: the secret shown in readable groups (typed by hand when the QR
// code cannot be scanned) and the 6-digit code the app shows.
import { OTP_CODE_LENGTH } from '../../../lib/constants.ts';

/** 'JBSWY3DPEHPK3PXP' -> 'JBSW Y3DP EHPK 3PXP': groups of four, as authenticator apps show them. */
export function groupSecret(secret: string, size = 4): string {
  const clean = secret.replace(/[\s=]+/g, '').toUpperCase();
  return (clean.match(new RegExp(`.{1,${size}}`, 'g')) ?? []).join(' ');
}

/** The secret as copied to the clipboard: no spaces, so apps accept it pasted. */
export function compactSecret(secret: string): string {
  return secret.replace(/[\s=]+/g, '').toUpperCase();
}

export function validateTotp(code: string): 'validation.totp' | undefined {
  return new RegExp(`^\\d{${OTP_CODE_LENGTH}}$`).test(code) ? undefined : 'validation.totp';
}
