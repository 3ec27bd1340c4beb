// Password rules and hashing. Passwords are 8 to 128 characters, of at least 5 different characters
// (eight spaces or "abababab" are not passwords), and not among the 5,000 most common ones
// (data/common-passwords.txt); they are stored only as argon2id hashes (@node-rs/argon2's
// defaults: argon2id, 19 MiB, 2 passes, the OWASP recommendation).
import { readFileSync } from 'node:fs';
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../../lib/errors.ts';

export const PASSWORD_MAX_LENGTH = 128;
const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MIN_DISTINCT = 5;

const commonPasswords: ReadonlySet<string> = new Set(
  readFileSync(new URL('./data/common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith('#')),
);

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

/** Throws the code of the first rule a new password breaks. */
export function assertPasswordPolicy(password: string, field = 'password'): void {
  if (password.length < PASSWORD_MIN_LENGTH) throw new AppError('password_must_have_at_least_8_characters', { field });
  if (password.length > PASSWORD_MAX_LENGTH) throw new AppError('password_must_have_at_most_128_characters', { field });
  if (new Set(password).size < PASSWORD_MIN_DISTINCT)
    throw new AppError('password_needs_5_different_characters', { field });
  if (isCommonPassword(password)) throw new AppError('password_is_too_common', { field });
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the time of a real verification and answers false: used when the account is unknown. */
  verifyNothing(password: string): Promise<false>;
}

export function createPasswordHasher(): PasswordHasher {
  let dummyHash: Promise<string> | undefined;
  const check = async (passwordHash: string, password: string) => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  };
  return {
    hash: (password) => hash(password),
    verify: check,
    async verifyNothing(password) {
      dummyHash ??= hash('an unknown account has no password to match');
      await check(await dummyHash, password);
      return false;
    },
  };
}
