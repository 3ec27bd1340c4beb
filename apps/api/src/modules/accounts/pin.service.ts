// The customer's PIN, which approves sends and withdrawals (spec §6): 4 to 6 digits, not a repeated
// or consecutive run, stored as an argon2id hash. Wrong entries are limited by the attempt limiter
// (5, then 15 minutes locked). Changing it needs the current PIN or the password and, with
// authenticator 2FA on, a current code too (checked first, so a stolen session cannot reach the
// password check); with 2FA on, setting the first PIN needs a current code as well.
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { schema, type Db } from '@rora/db';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import type { AttemptLimiter } from './attempt-limiter.ts';
import type { PasswordCheck } from './password-check.ts';
import type { PasswordHasher } from './passwords.ts';
import type { TwoFactorService } from './two-factor.service.ts';

const { accountSecurity } = schema;

export interface PinStatus {
  pinSet: boolean;
  lockedUntil: Date | null;
}

export interface PinService {
  /** The first PIN; while 2FA is on, only with a current code (a stolen session must not set one). */
  set(userId: string, pin: string, token?: string): Promise<void>;
  verify(userId: string, pin: string): Promise<void>;
  status(userId: string): Promise<PinStatus>;
  change(
    userId: string,
    change: { currentPin?: string | undefined; password?: string | undefined; token?: string | undefined; pin: string },
  ): Promise<void>;
}

/** 0000, 1111, 1234, 987654...: the PINs guessed first. */
export function isSimplePin(pin: string): boolean {
  const digits = [...pin].map(Number);
  const steps = new Set(digits.slice(1).map((digit, index) => digit - digits[index]!));
  return steps.size === 1 && [0, 1, -1].includes([...steps][0]!);
}

export function createPinService(deps: {
  db: Db;
  clock: Clock;
  repository: AccountsRepository;
  limiter: AttemptLimiter;
  passwords: PasswordHasher;
  passwordCheck: PasswordCheck;
  twoFactor: Pick<TwoFactorService, 'verifySecondFactor'>;
}): PinService {
  const { db, clock, repository, limiter, passwords, passwordCheck, twoFactor } = deps;

  function assertAcceptable(pin: string): void {
    if (!/^\d{4,6}$/.test(pin)) throw new AppError('pin_must_be_4_to_6_digits', { field: 'pin' });
    if (isSimplePin(pin)) throw new AppError('pin_is_too_simple', { field: 'pin' });
  }

  async function verify(userId: string, pin: string): Promise<void> {
    const security = await repository.security(userId);
    if (!security?.pinHash) throw new AppError('pin_not_set');
    await limiter.take('pin', userId);
    if (await passwords.verify(security.pinHash, pin)) return limiter.succeed('pin', userId);
    const lockedUntil = await limiter.fail('pin', userId);
    throw lockedUntil ? limiter.lockedError('pin', lockedUntil) : new AppError('pin_is_invalid', { field: 'pin' });
  }

  return {
    async set(userId, pin, token) {
      assertAcceptable(pin);
      const security = await repository.security(userId);
      if (security?.pinHash) throw new AppError('pin_already_set');
      if (security?.totpSecret) await twoFactor.verifySecondFactor(userId, { token });
      const pinHash = await passwords.hash(pin);
      // Only when no PIN is set: a second, concurrent set does not overwrite the first.
      const rows = await db
        .insert(accountSecurity)
        .values({ userId, pinHash })
        .onConflictDoUpdate({
          target: accountSecurity.userId,
          set: { pinHash },
          setWhere: isNull(accountSecurity.pinHash),
        })
        .returning({ userId: accountSecurity.userId });
      if (rows.length === 0) throw new AppError('pin_already_set');
    },

    verify,

    async status(userId) {
      const security = await repository.security(userId);
      const lockedUntil =
        security?.pinLockedUntil && security.pinLockedUntil > clock.now() ? security.pinLockedUntil : null;
      return { pinSet: !!security?.pinHash, lockedUntil };
    },

    async change(userId, change) {
      const security = await repository.security(userId);
      if (!security?.pinHash) throw new AppError('pin_not_set');
      assertAcceptable(change.pin);
      if (change.currentPin === undefined && change.password === undefined) {
        throw new AppError('current_pin_or_password_required');
      }
      if (security.totpSecret) await twoFactor.verifySecondFactor(userId, { token: change.token });
      if (change.currentPin !== undefined) await verify(userId, change.currentPin);
      else if (change.password !== undefined) {
        const user = await repository.userById(userId);
        const wrong = { code: 'current_password_is_incorrect', field: 'password' } as const;
        if (!user) throw new AppError(wrong.code, { field: wrong.field });
        await passwordCheck.assert(user, change.password, wrong);
      }
      const pinHash = await passwords.hash(change.pin);
      await db
        .update(accountSecurity)
        .set({ pinHash, pinFailures: 0, pinLockedUntil: null })
        .where(and(eq(accountSecurity.userId, userId), isNotNull(accountSecurity.pinHash)));
    },
  };
}
