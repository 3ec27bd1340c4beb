// One-time codes sent by e-mail or SMS (NIST SP 800-63B 5.1.3): 6 digits from a CSPRNG, stored
// only as sha256(id:code), valid 10 minutes, bound to a purpose and a destination, dead after 5
// wrong tries. A resend replaces the previous code and carries its failure count over, so resending
// never buys more guesses. Sends are limited per destination (3 per 15 minutes, 10 per day, one
// per 60 seconds) and per client address. Every check is one conditional UPDATE, so concurrent
// submissions of the same code succeed exactly once.
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, min, sql, type SQL } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@rora/db';
import { OTP_CODE_VALID_MINUTES } from '@rora/contracts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';

const { oneTimeCodes } = schema;
type Executor = Db | Tx;
export type CodePurpose = schema.OneTimeCodePurpose;

const MINUTE_MS = 60_000;
export const codeRules = {
  ttlMs: OTP_CODE_VALID_MINUTES * MINUTE_MS,
  maxFailedAttempts: 5,
  resendAfterMs: MINUTE_MS,
  perDestination: [
    { windowMs: 15 * MINUTE_MS, max: 3 },
    { windowMs: 24 * 60 * MINUTE_MS, max: 10 },
  ],
  perIp: { windowMs: 60 * MINUTE_MS, max: 30 },
  /** A verified e-mail or phone code can be redeemed (by registration) this long after its check. */
  redeemWindowMs: 30 * MINUTE_MS,
} as const;

export interface CodeSent {
  sent: true;
  expiresInSeconds: number;
  resendAfterSeconds: number;
}

export interface IssueCode {
  purpose: CodePurpose;
  destination: string;
  ip: string | undefined;
  /** Sends the code (or, for an address that must not get one, another message or nothing). */
  deliver(code: string): Promise<void>;
}

export interface CheckCode {
  purpose: CodePurpose;
  destination: string;
  code: string;
  /** The request field the code came in, named in the error. */
  field?: string;
}

export interface OneTimeCodeService {
  issue(request: IssueCode): Promise<CodeSent>;
  /** Checks a code once: it then counts as verified and no later check accepts it. */
  verify(request: CheckCode): Promise<void>;
  /** Accepts a live code, or one verified in the last 30 minutes and not yet used; returns its id for `markUsed`. */
  accept(request: CheckCode): Promise<string>;
  /** Uses an accepted code, inside the caller's transaction; false when another request used it first. */
  markUsed(tx: Executor, codeId: string): Promise<boolean>;
}

export function hashCode(codeId: string, code: string): Buffer {
  return createHash('sha256').update(`${codeId}:${code}`).digest();
}

export const randomSixDigitCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** "30 seconds", "12 minutes", "21 hours": whole units, rounded up. */
function waitText(wait: number): string {
  if (wait < 60) return plural(wait, 'second');
  if (wait < 3600) return plural(Math.ceil(wait / 60), 'minute');
  return plural(Math.ceil(wait / 3600), 'hour');
}

const LIMIT_MESSAGES = {
  code_send_limit_reached: 'Too many codes were requested.',
  code_resend_too_soon: 'Please wait before requesting another code.',
  code_attempts_exhausted: 'Too many wrong codes.',
} as const;

/** A refusal that says when to try again: in the message, in the item (retryAfterSeconds) and in Retry-After. */
const limited = (code: keyof typeof LIMIT_MESSAGES, waitMs: number) => {
  const wait = seconds(waitMs);
  const message = `${LIMIT_MESSAGES[code]} Try again in ${waitText(wait)}`;
  return new AppError(code, {
    message,
    items: [{ code, message, retryAfterSeconds: wait }],
    headers: { 'retry-after': String(wait) },
  });
};

interface CodeDependencies {
  db: Db;
  clock: Clock;
  generateCode: () => string;
}

async function assertSendAllowed(tx: Tx, request: IssueCode, now: Date): Promise<void> {
  const windows: Array<{ windowMs: number; max: number; where: SQL | undefined }> = [
    ...codeRules.perDestination.map((rule) => ({ ...rule, where: eq(oneTimeCodes.destination, request.destination) })),
    ...(request.ip ? [{ ...codeRules.perIp, where: eq(oneTimeCodes.ip, request.ip) }] : []),
  ];
  for (const { windowMs, max, where } of windows) {
    const [row] = await tx
      .select({ sends: count(), oldest: min(oneTimeCodes.createdAt) })
      .from(oneTimeCodes)
      .where(and(where, gt(oneTimeCodes.createdAt, new Date(now.getTime() - windowMs))));
    if (row && row.sends >= max)
      throw limited('code_send_limit_reached', row.oldest!.getTime() + windowMs - now.getTime());
  }
}

/**
 * Retires the previous code of (purpose, destination): returns the failures the new one inherits,
 * and the retired code's id (null when there was none to retire).
 */
async function replacePrevious(
  tx: Tx,
  request: IssueCode,
  now: Date,
): Promise<{ failedAttempts: number; retired: string | null }> {
  const [previous] = await tx
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.purpose, request.purpose), eq(oneTimeCodes.destination, request.destination)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (!previous) return { failedAttempts: 0, retired: null };
  const sinceMs = now.getTime() - previous.createdAt.getTime();
  if (sinceMs < codeRules.resendAfterMs) throw limited('code_resend_too_soon', codeRules.resendAfterMs - sinceMs);
  const live = previous.expiresAt > now && !previous.verifiedAt && !previous.usedAt;
  if (live && previous.failedAttempts >= codeRules.maxFailedAttempts) {
    throw limited('code_attempts_exhausted', previous.expiresAt.getTime() - now.getTime());
  }
  const retired = await tx
    .update(oneTimeCodes)
    .set({ supersededAt: now })
    .where(and(eq(oneTimeCodes.id, previous.id), isNull(oneTimeCodes.supersededAt)))
    .returning({ id: oneTimeCodes.id });
  return { failedAttempts: live ? previous.failedAttempts : 0, retired: retired[0]?.id ?? null };
}

/**
 * Takes back a code whose delivery failed, so it costs no send: the code goes, and the one it
 * retired is live again, with any failure counted against the new one meanwhile.
 */
async function withdraw(db: Db, codeId: string, retired: string | null, retiredAt: Date): Promise<void> {
  await db.execute(sql`
    WITH gone AS (DELETE FROM one_time_codes WHERE id = ${codeId} RETURNING failed_attempts)
    UPDATE one_time_codes p
       SET superseded_at = NULL, failed_attempts = greatest(p.failed_attempts, (SELECT failed_attempts FROM gone))
     WHERE p.id = ${retired} AND p.superseded_at = ${retiredAt}`);
}

/**
 * The limits are checked and the code stored under locks on the destination and the client address,
 * so they hold under concurrency; the delivery runs after the locks are gone. Held through an
 * e-mail or SMS (a mail server's time, and its outbox rows written through the pool), the locks kept
 * every other send to that destination or from that address waiting with a connection each, until
 * the pool ran dry and the whole API stopped. A send racing the delivery finds the stored code and is
 * refused as too soon; a delivery that fails takes its code back (`withdraw`).
 */
async function issue(deps: CodeDependencies, request: IssueCode): Promise<CodeSent> {
  const now = deps.clock.now();
  const id = randomUUID();
  const code = deps.generateCode();
  const retired = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`otp:${request.destination}`}, 0))`);
    if (request.ip) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`otp-ip:${request.ip}`}, 0))`);
    await assertSendAllowed(tx, request, now);
    const previous = await replacePrevious(tx, request, now);
    await tx.insert(oneTimeCodes).values({
      id,
      purpose: request.purpose,
      destination: request.destination,
      codeHash: hashCode(id, code),
      failedAttempts: previous.failedAttempts,
      ip: request.ip ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + codeRules.ttlMs),
    });
    return previous.retired;
  });
  try {
    await request.deliver(code);
  } catch (error) {
    await withdraw(deps.db, id, retired, now);
    throw error;
  }
  return { sent: true, expiresInSeconds: codeRules.ttlMs / 1000, resendAfterSeconds: codeRules.resendAfterMs / 1000 };
}

/**
 * One statement checks the latest code of (purpose, destination) and records the outcome: a match
 * marks it verified, a miss counts a failure. `redeemable` also accepts a code verified recently.
 */
async function check(deps: CodeDependencies, request: CheckCode, mode: 'verify' | 'redeemable'): Promise<string> {
  const now = deps.clock.now();
  const matches = sql`c.code_hash = sha256(convert_to(c.id::text || ':' || ${request.code}, 'UTF8'))`;
  const verifiedSince = new Date(now.getTime() - codeRules.redeemWindowMs);
  const usable =
    mode === 'verify'
      ? sql`c.verified_at IS NULL AND c.expires_at > ${now}`
      : sql`((c.verified_at IS NULL AND c.expires_at > ${now}) OR c.verified_at > ${verifiedSince})`;
  const result = await deps.db.execute<{ id: string; ok: boolean; failed_attempts: number }>(sql`
    WITH target AS (
      SELECT id FROM one_time_codes WHERE purpose = ${request.purpose} AND destination = ${request.destination}
      ORDER BY created_at DESC LIMIT 1
    )
    UPDATE one_time_codes c
    SET verified_at = CASE WHEN ${matches} THEN COALESCE(c.verified_at, ${now}) ELSE c.verified_at END,
        failed_attempts = c.failed_attempts + CASE WHEN ${matches} THEN 0 ELSE 1 END
    FROM target
    WHERE c.id = target.id AND c.used_at IS NULL AND c.failed_attempts < ${codeRules.maxFailedAttempts} AND ${usable}
    RETURNING c.id, ${matches} AS ok, c.failed_attempts`);
  const row = result.rows[0];
  if (row?.ok) return row.id;
  const exhausted = row ? row.failed_attempts >= codeRules.maxFailedAttempts : await isExhausted(deps, request, now);
  throw new AppError(exhausted ? 'code_attempts_exhausted' : 'code_is_invalid_or_expired', { field: request.field });
}

async function isExhausted(deps: CodeDependencies, request: CheckCode, now: Date): Promise<boolean> {
  const [latest] = await deps.db
    .select({ failedAttempts: oneTimeCodes.failedAttempts, expiresAt: oneTimeCodes.expiresAt })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.purpose, request.purpose), eq(oneTimeCodes.destination, request.destination)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  return !!latest && latest.failedAttempts >= codeRules.maxFailedAttempts && latest.expiresAt > now;
}

export function createOneTimeCodeService(deps: {
  db: Db;
  clock: Clock;
  generateCode?: () => string;
}): OneTimeCodeService {
  const resolved: CodeDependencies = { ...deps, generateCode: deps.generateCode ?? randomSixDigitCode };
  return {
    issue: (request) => issue(resolved, request),
    async verify(request) {
      await check(resolved, request, 'verify');
    },
    accept: (request) => check(resolved, request, 'redeemable'),
    async markUsed(tx, codeId) {
      const rows = await tx
        .update(oneTimeCodes)
        .set({ usedAt: deps.clock.now() })
        .where(and(eq(oneTimeCodes.id, codeId), isNull(oneTimeCodes.usedAt)))
        .returning({ id: oneTimeCodes.id });
      return rows.length === 1;
    },
  };
}
