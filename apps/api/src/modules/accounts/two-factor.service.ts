// Authenticator 2FA (RFC 6238 TOTP with otpauth: SHA-1, 6 digits, 30 s steps, one step either side).
// A key is pending until its first code confirms it; confirming returns ten recovery codes once
// (stored hashed). A code's time-step is stored when it is accepted and the UPDATE only succeeds
// while the stored step is older, so no code is ever accepted twice, even by concurrent requests.
// Wrong codes are limited by the attempt limiter (5, then 15 minutes locked). Turning 2FA off and
// switching withdrawal 2FA need a current code (or, to turn it off, a recovery code): a stolen
// session or password is not enough.
import { createHash, randomInt } from 'node:crypto';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { schema, type Db } from '@rora/db';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import type { AttemptLimiter } from './attempt-limiter.ts';
import { accountMessages, type AccountMessaging } from './messages.ts';

const { accountSecurity, recoveryCodes } = schema;
const PERIOD_SECONDS = 30;
const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** The second factor a settings change is made with: a current authenticator code or a recovery code. */
export type Proof = { token?: string | undefined; recoveryCode?: string | undefined };

export interface TwoFactorService {
  generateKey(userId: string): Promise<{ secret: string; otpauthUrl: string }>;
  /** Confirms the pending key with its first code and enables 2FA; returns the recovery codes. */
  confirm(userId: string, token: string): Promise<{ recoveryCodes: string[] }>;
  /** Checks a current code of the enabled key (login, settings, withdrawals). */
  verify(userId: string, token: string): Promise<void>;
  useRecoveryCode(userId: string, code: string): Promise<void>;
  /** Turns 2FA off with a current code or a recovery code (never with the password alone). */
  disable(userId: string, proof: Proof): Promise<void>;
  /** The settings switch: on confirms the pending key (a no-op when already on), off disables. */
  setEnabled(userId: string, change: Proof & { status: boolean }): Promise<{ recoveryCodes?: string[] }>;
  /** With 2FA on, checks a current code or a recovery code (settings changes such as the PIN). */
  verifySecondFactor(userId: string, proof: Proof): Promise<void>;
  setWithdrawal(userId: string, change: { status: boolean; token?: string | undefined }): Promise<void>;
}

export interface TwoFactorDependencies {
  db: Db;
  clock: Clock;
  repository: AccountsRepository;
  limiter: AttemptLimiter;
  messaging: AccountMessaging;
}

const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
const hashRecoveryCode = (userId: string, code: string) =>
  createHash('sha256')
    .update(`${userId}:${normaliseRecoveryCode(code)}`)
    .digest();

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** The time-step a code belongs to (now, or one step either side), or null when it matches none. */
function matchingStep(secret: string, token: string, now: Date): number | null {
  const options = { secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS };
  const delta = TOTP.validate({ ...options, token, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return TOTP.counter({ period: PERIOD_SECONDS, timestamp: now.getTime() }) + delta;
}

async function wrong(deps: TwoFactorDependencies, userId: string): Promise<never> {
  const lockedUntil = await deps.limiter.fail('totp', userId);
  throw lockedUntil
    ? deps.limiter.lockedError('totp', lockedUntil)
    : new AppError('two_factor_code_is_invalid', { field: 'token' });
}

async function enabledSecret(deps: TwoFactorDependencies, userId: string): Promise<string> {
  const security = await deps.repository.security(userId);
  if (!security?.totpSecret) throw new AppError('two_factor_must_be_enabled');
  return security.totpSecret;
}

async function generateKey(deps: TwoFactorDependencies, userId: string) {
  const user = await deps.repository.userById(userId);
  if (!user) throw new AppError('resource_not_found');
  const security = await deps.repository.security(userId);
  if (security?.totpSecret) throw new AppError('two_factor_already_enabled');
  const secret = new Secret({ size: 20 });
  await deps.repository.upsertSecurity(deps.db, userId, { totpPendingSecret: secret.base32 });
  const totp = new TOTP({
    issuer: 'Rora',
    label: user.email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret,
  });
  return { secret: secret.base32, otpauthUrl: totp.toString() };
}

async function verify(deps: TwoFactorDependencies, userId: string, token: string): Promise<void> {
  const secret = await enabledSecret(deps, userId);
  await deps.limiter.take('totp', userId);
  const step = matchingStep(secret, token, deps.clock.now());
  if (step === null) return wrong(deps, userId);
  const accepted = await deps.db.execute(sql`
    UPDATE account_security SET totp_last_step = ${step}, totp_failures = 0, totp_locked_until = NULL
    WHERE user_id = ${userId} AND totp_secret = ${secret} AND (totp_last_step IS NULL OR totp_last_step < ${step})
    RETURNING user_id`);
  if (accepted.rows.length === 0) return wrong(deps, userId);
}

async function confirm(deps: TwoFactorDependencies, userId: string, token: string) {
  const security = await deps.repository.security(userId);
  if (security?.totpSecret) throw new AppError('two_factor_already_enabled');
  const pending = security?.totpPendingSecret;
  if (!pending) throw new AppError('two_factor_setup_not_started');
  await deps.limiter.take('totp', userId);
  const step = matchingStep(pending, token, deps.clock.now());
  if (step === null) return wrong(deps, userId);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const enabled = await deps.db.transaction(async (tx) => {
    const moved = await tx.execute(sql`
      UPDATE account_security
      SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_last_step = ${step},
          totp_failures = 0, totp_locked_until = NULL
      WHERE user_id = ${userId} AND totp_pending_secret = ${pending} AND totp_secret IS NULL
        AND (totp_last_step IS NULL OR totp_last_step < ${step})
      RETURNING user_id`);
    if (moved.rows.length === 0) return false;
    const createdAt = deps.clock.now();
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(userId, code), createdAt })));
    return true;
  });
  if (!enabled) return wrong(deps, userId);
  return { recoveryCodes: codes };
}

async function useRecoveryCode(deps: TwoFactorDependencies, userId: string, code: string): Promise<void> {
  await enabledSecret(deps, userId);
  await deps.limiter.take('totp', userId);
  const codeHash = hashRecoveryCode(userId, code);
  const used = await deps.db
    .update(recoveryCodes)
    .set({ usedAt: deps.clock.now() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  if (used.length === 0) return wrong(deps, userId);
  await deps.limiter.succeed('totp', userId);
}

/** Checks the second factor of a customer with 2FA on; the session alone (or the password) is not enough. */
async function verifySecondFactor(deps: TwoFactorDependencies, userId: string, proof: Proof): Promise<void> {
  if (proof.token) await verify(deps, userId, proof.token);
  else if (proof.recoveryCode) await useRecoveryCode(deps, userId, proof.recoveryCode);
  else throw new AppError('two_factor_code_required', { field: 'token' });
}

async function disable(deps: TwoFactorDependencies, userId: string, proof: Proof): Promise<void> {
  const { repository } = deps;
  const security = await repository.security(userId);
  if (!security?.totpSecret) return;
  await verifySecondFactor(deps, userId, proof);
  await deps.db.transaction(async (tx) => {
    await repository.upsertSecurity(tx, userId, {
      totpSecret: null,
      totpPendingSecret: null,
      withdrawal2faEnabled: false,
    });
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  });
  const user = await repository.userById(userId);
  if (user)
    await deps.messaging.email({
      to: user.email,
      userId,
      category: 'security',
      template: accountMessages.twoFactorDisabled(),
    });
}

async function setEnabled(deps: TwoFactorDependencies, userId: string, change: Proof & { status: boolean }) {
  if (!change.status) {
    await disable(deps, userId, change);
    return {};
  }
  const security = await deps.repository.security(userId);
  if (security?.totpSecret) return {};
  if (!change.token) throw new AppError('two_factor_code_required', { field: 'token' });
  return confirm(deps, userId, change.token);
}

async function setWithdrawal(
  deps: TwoFactorDependencies,
  userId: string,
  change: { status: boolean; token?: string | undefined },
) {
  await enabledSecret(deps, userId);
  // Either way: a stolen session must not switch what protects withdrawals.
  if (!change.token) throw new AppError('two_factor_code_required', { field: 'token' });
  await verify(deps, userId, change.token);
  // Conditional: 2FA may have been turned off meanwhile, and withdrawal 2FA needs it.
  const updated = await deps.db
    .update(accountSecurity)
    .set({ withdrawal2faEnabled: change.status })
    .where(and(eq(accountSecurity.userId, userId), isNotNull(accountSecurity.totpSecret)))
    .returning({ userId: accountSecurity.userId });
  if (updated.length === 0) throw new AppError('two_factor_must_be_enabled');
}

export function createTwoFactorService(deps: TwoFactorDependencies): TwoFactorService {
  return {
    generateKey: (userId) => generateKey(deps, userId),
    confirm: (userId, token) => confirm(deps, userId, token),
    verify: (userId, token) => verify(deps, userId, token),
    useRecoveryCode: (userId, code) => useRecoveryCode(deps, userId, code),
    disable: (userId, proof) => disable(deps, userId, proof),
    setEnabled: (userId, change) => setEnabled(deps, userId, change),
    setWithdrawal: (userId, change) => setWithdrawal(deps, userId, change),
    verifySecondFactor: (userId, proof) => verifySecondFactor(deps, userId, proof),
  };
}
