// The accounts context: registration, sign-in, password recovery and change, authenticator 2FA,
// PIN, profile and preferences. Other modules use it through this file only; for example a
// withdrawal checks `twoFactor.verify(userId, token)` or `pin.verify(userId, pin)`.
import type { Db } from '@rora/db';
import type { Clock } from '../../lib/clock.ts';
import type { SessionService } from '../sessions/index.ts';
import { createAccountsRepository } from './accounts.repository.ts';
import { createAttemptLimiter } from './attempt-limiter.ts';
import type { AccountMessaging } from './messages.ts';
import { createOneTimeCodeService } from './one-time-codes.ts';
import { createPasswordService, type PasswordService } from './password.service.ts';
import { createPasswordHasher, type PasswordHasher } from './passwords.ts';
import { createPinService, type PinService } from './pin.service.ts';
import { createRegistrationService, type RegistrationService } from './registration.service.ts';
import { createPasswordCheck } from './password-check.ts';
import { createSignInBackoff } from './sign-in-backoff.ts';
import { createSignInService, type SignInService } from './sign-in.service.ts';
import { createTwoFactorService, type TwoFactorService } from './two-factor.service.ts';
import { createUsersService, type UsersService } from './users.service.ts';

export interface AccountServices {
  registration: RegistrationService;
  signIn: SignInService;
  passwords: PasswordService;
  twoFactor: TwoFactorService;
  pin: PinService;
  users: UsersService;
}

export interface AccountDependencies {
  db: Db;
  clock: Clock;
  messaging: AccountMessaging;
  sessions: SessionService;
  /** Makes the 6-digit e-mail and SMS codes; crypto.randomInt unless a test injects its own. */
  generateCode?: () => string;
  passwordHasher?: PasswordHasher;
}

export function createAccountServices(deps: AccountDependencies): AccountServices {
  const { db, clock, messaging, sessions } = deps;
  const repository = createAccountsRepository(db);
  const passwords = deps.passwordHasher ?? createPasswordHasher();
  const limiter = createAttemptLimiter({ db, clock });
  const codes = createOneTimeCodeService({
    db,
    clock,
    ...(deps.generateCode ? { generateCode: deps.generateCode } : {}),
  });
  const twoFactor = createTwoFactorService({ db, clock, repository, limiter, messaging });
  const backoff = createSignInBackoff({ db, clock });
  const passwordCheck = createPasswordCheck({ backoff, passwords, messaging });
  const signIn = createSignInService({ repository, sessions, passwordCheck, twoFactor });
  return {
    registration: createRegistrationService({ db, clock, repository, codes, passwords, messaging, signIn }),
    signIn,
    passwords: createPasswordService({
      db,
      clock,
      repository,
      codes,
      passwords,
      passwordCheck,
      backoff,
      messaging,
      sessions,
    }),
    twoFactor,
    pin: createPinService({ db, clock, repository, limiter, passwords, passwordCheck, twoFactor }),
    users: createUsersService({ clock, repository, sessions }),
  };
}

export type { ClientContext } from './sign-in.service.ts';
export type { RegistrationService } from './registration.service.ts';
export type { NotificationSwitch } from './users.service.ts';
export { accountRouteValidator } from './route-validation.ts';
export { clientContext, routeAddress } from './route-helpers.ts';
export { rateLimits } from './rate-limits.ts';
