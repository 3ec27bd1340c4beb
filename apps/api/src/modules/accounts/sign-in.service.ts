// Sign-in and sign-out. Login never tells whether an e-mail is registered: an unknown e-mail and a
// wrong password answer the same code, status and body, after the same argon2 work. With
// authenticator 2FA on, the password alone answers 403 two_factor_code_required and the client
// sends the same body again with `totp` (or a `recoveryCode`); no session exists before that.
// Wrong passwords for one e-mail address are slowed by the sign-in backoff (sign-in-backoff.ts),
// which refuses a try during its wait before any password is checked, and tells the owner by
// e-mail, once per streak, when it starts.
import type { AuthResult, LanguageCode } from '@rora/contracts';
import { AppError } from '../../lib/errors.ts';
import type { SessionIdentity, SessionService } from '../sessions/sessions.service.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import { accountMessages, type AccountMessaging } from './messages.ts';
import type { PasswordHasher } from './passwords.ts';
import type { SignInBackoff } from './sign-in-backoff.ts';
import type { TwoFactorService } from './two-factor.service.ts';
import { toUser } from './user-view.ts';

/** Where a request comes from, recorded on the session it opens, and the language of its page. */
export interface ClientContext {
  ip?: string | undefined;
  userAgent?: string | undefined;
  language?: LanguageCode | undefined;
}

export interface LoginInput extends ClientContext {
  email: string;
  password: string;
  totp?: string | undefined;
  recoveryCode?: string | undefined;
}

export interface SignInService {
  login(input: LoginInput): Promise<AuthResult>;
  logout(identity: SessionIdentity): Promise<void>;
  /** Opens a session for a customer who has just proved who they are (login, registration). */
  openSession(userId: string, client: ClientContext): Promise<AuthResult>;
}

export function createSignInService(deps: {
  repository: AccountsRepository;
  sessions: SessionService;
  passwords: PasswordHasher;
  twoFactor: TwoFactorService;
  backoff: SignInBackoff;
  messaging: AccountMessaging;
}): SignInService {
  const { repository, sessions, passwords, twoFactor, backoff, messaging } = deps;

  async function openSession(userId: string, client: ClientContext): Promise<AuthResult> {
    const { token } = await sessions.create(userId, { ip: client.ip, userAgent: client.userAgent });
    const row = await repository.profile(userId);
    if (!row) throw new AppError('resource_not_found');
    return { user: toUser(row), token };
  }

  /** A wrong password: tells the owner once per streak that their sign-in is being slowed. */
  async function wrongPassword(account: { id: string } | undefined, email: string): Promise<never> {
    if (account && (await backoff.claimNotice(email))) {
      await messaging.email({
        to: email,
        userId: account.id,
        category: 'security',
        template: accountMessages.signInBackoffStarted(),
      });
    }
    throw new AppError('credentials_are_invalid');
  }

  return {
    openSession,

    async login(input) {
      await backoff.take(input.email);
      const account = await repository.credentials(input.email);
      const valid = account
        ? await passwords.verify(account.passwordHash, input.password)
        : await passwords.verifyNothing(input.password);
      if (!account || !valid) return wrongPassword(account, input.email);
      await backoff.reset(input.email);
      if (account.totpSecret) {
        if (input.totp) await twoFactor.verify(account.id, input.totp);
        else if (input.recoveryCode) await twoFactor.useRecoveryCode(account.id, input.recoveryCode);
        else throw new AppError('two_factor_code_required', { field: 'totp' });
      }
      return openSession(account.id, input);
    },

    async logout(identity) {
      await sessions.revoke(identity.userId, identity.sessionId);
    },
  };
}
