// Password recovery and change. Recovery never tells whether an e-mail is registered: a code
// request answers the same, counts against the same send limits and records a code either way; an
// unknown address gets a notice by e-mail (or nothing by SMS) instead of a code. A verified code
// buys a reset ticket (random 256 bits, stored hashed, 15 minutes, single use). A reset or a change
// signs the customer out everywhere (a change keeps the session it was made from).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { LanguageCode, Phone } from '@rora/contracts';
import { schema, type Db } from '@rora/db';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { SessionIdentity, SessionService } from '../sessions/index.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import { accountMessages, type AccountMessaging } from './messages.ts';
import type { CodeSent, OneTimeCodeService } from './one-time-codes.ts';
import type { PasswordCheck } from './password-check.ts';
import { assertPasswordPolicy, type PasswordHasher } from './passwords.ts';
import { phoneDestination } from './registration.service.ts';
import type { SignInBackoff } from './sign-in-backoff.ts';

const { passwordResetTickets, users } = schema;
export const RESET_TICKET_TTL_MS = 15 * 60_000;

export interface ResetCodeRequest {
  email: string;
  method: 'email' | 'mobile';
  phone?: Phone | undefined;
  ip?: string | undefined;
  /** The page's language, so the code arrives in the language the visitor reads. */
  language?: LanguageCode | undefined;
}

export interface PasswordService {
  requestResetCode(request: ResetCodeRequest): Promise<CodeSent>;
  verifyResetCode(input: { email: string; token: string }): Promise<{ ticket: string; expiresInSeconds: number }>;
  reset(input: { email: string; ticket: string; password: string; confirmPassword: string }): Promise<void>;
  change(
    identity: SessionIdentity,
    input: { currentPassword: string; newPassword: string; confirmPassword?: string | undefined },
  ): Promise<void>;
}

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest();

interface PasswordDependencies {
  db: Db;
  clock: Clock;
  repository: AccountsRepository;
  codes: OneTimeCodeService;
  passwords: PasswordHasher;
  passwordCheck: PasswordCheck;
  /** A reset proves the address: it ends a streak of wrong passwords, so the owner signs in at once. */
  backoff: Pick<SignInBackoff, 'reset'>;
  messaging: AccountMessaging;
  sessions: SessionService;
}

/** Who gets what: the account's e-mail or its verified phone gets the code; nobody else does. */
async function deliveryFor(
  deps: PasswordDependencies,
  request: ResetCodeRequest,
): Promise<(code: string) => Promise<void>> {
  const { messaging } = deps;
  const account = await deps.repository.contact(request.email);
  if (request.method === 'email') {
    const message = account ? accountMessages.resetCode : accountMessages.resetUnknown;
    return (code) =>
      messaging.email({
        to: request.email,
        userId: account?.id,
        category: 'security',
        language: request.language,
        template: message(code),
      });
  }
  const phone = request.phone;
  const registered =
    account?.phoneVerifiedAt && account.phoneCountryCode && account.phoneNumber
      ? `${account.phoneCountryCode}${account.phoneNumber}`
      : null;
  if (!account || !phone || !registered || phoneDestination(phone) !== registered) return async () => undefined;
  return (code) =>
    messaging.sms({
      to: registered,
      userId: account.id,
      category: 'security',
      language: request.language,
      template: accountMessages.resetSmsCode(code),
    });
}

async function verifyResetCode(deps: PasswordDependencies, input: { email: string; token: string }) {
  await deps.codes.verify({ purpose: 'password_reset', destination: input.email, code: input.token, field: 'token' });
  const account = await deps.repository.contact(input.email);
  // Unreachable for an unknown e-mail (its code was never sent), but never hand out a ticket without an account.
  if (!account) throw new AppError('code_is_invalid_or_expired', { field: 'token' });
  const ticket = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  await deps.db.insert(passwordResetTickets).values({
    userId: account.id,
    ticketHash: hashTicket(ticket),
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_TICKET_TTL_MS),
  });
  return { ticket, expiresInSeconds: RESET_TICKET_TTL_MS / 1000 };
}

/** Stores the new hash; with a ticket, only if this request is the one that uses it. */
async function storePassword(deps: PasswordDependencies, userId: string, passwordHash: string, ticketId?: string) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (ticketId) {
      const used = await tx
        .update(passwordResetTickets)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTickets.id, ticketId), isNull(passwordResetTickets.usedAt)))
        .returning({ id: passwordResetTickets.id });
      if (used.length === 0) throw new AppError('reset_ticket_is_invalid_or_expired', { field: 'ticket' });
      // Any other ticket the customer holds dies with the old password.
      await tx
        .update(passwordResetTickets)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTickets.userId, userId), isNull(passwordResetTickets.usedAt)));
    }
    await deps.repository.setPassword(tx, userId, passwordHash, now);
  });
}

async function notifyChanged(deps: PasswordDependencies, userId: string): Promise<void> {
  const user = await deps.repository.userById(userId);
  if (user)
    await deps.messaging.email({
      to: user.email,
      userId,
      category: 'security',
      template: accountMessages.passwordChanged(),
    });
}

async function reset(
  deps: PasswordDependencies,
  input: { email: string; ticket: string; password: string; confirmPassword: string },
) {
  if (input.password !== input.confirmPassword)
    throw new AppError('passwords_do_not_match', { field: 'confirmPassword' });
  assertPasswordPolicy(input.password);
  const [found] = await deps.db
    .select({ ticketId: passwordResetTickets.id, userId: users.id, passwordHash: users.passwordHash })
    .from(passwordResetTickets)
    .innerJoin(users, eq(users.id, passwordResetTickets.userId))
    .where(
      and(
        eq(passwordResetTickets.ticketHash, hashTicket(input.ticket)),
        eq(users.email, input.email),
        isNull(passwordResetTickets.usedAt),
        gt(passwordResetTickets.expiresAt, deps.clock.now()),
      ),
    )
    .limit(1);
  if (!found) throw new AppError('reset_ticket_is_invalid_or_expired', { field: 'ticket' });
  if (await deps.passwords.verify(found.passwordHash, input.password)) {
    throw new AppError('new_password_must_differ', { field: 'password' });
  }
  await storePassword(deps, found.userId, await deps.passwords.hash(input.password), found.ticketId);
  await deps.sessions.revokeAll(found.userId);
  await deps.backoff.reset(input.email);
  await notifyChanged(deps, found.userId);
}

type PasswordChange = Parameters<PasswordService['change']>[1];

async function change(deps: PasswordDependencies, identity: SessionIdentity, input: PasswordChange) {
  const user = await deps.repository.userById(identity.userId);
  const wrong = { code: 'current_password_is_incorrect', field: 'currentPassword' } as const;
  if (!user) throw new AppError(wrong.code, { field: wrong.field });
  await deps.passwordCheck.assert(user, input.currentPassword, wrong);
  if (input.confirmPassword !== undefined && input.confirmPassword !== input.newPassword) {
    throw new AppError('passwords_do_not_match', { field: 'confirmPassword' });
  }
  if (input.newPassword === input.currentPassword)
    throw new AppError('new_password_must_differ', { field: 'newPassword' });
  assertPasswordPolicy(input.newPassword, 'newPassword');
  await storePassword(deps, identity.userId, await deps.passwords.hash(input.newPassword));
  await deps.sessions.revokeAll(identity.userId, { except: identity.sessionId });
  await notifyChanged(deps, identity.userId);
}

export function createPasswordService(deps: PasswordDependencies): PasswordService {
  return {
    async requestResetCode(request) {
      if (request.method === 'mobile' && !request.phone) throw new AppError('phone_is_required', { field: 'phone' });
      const deliver = await deliveryFor(deps, request);
      return deps.codes.issue({ purpose: 'password_reset', destination: request.email, ip: request.ip, deliver });
    },
    verifyResetCode: (input) => verifyResetCode(deps, input),
    reset: (input) => reset(deps, input),
    change: (identity, input) => change(deps, identity, input),
  };
}
