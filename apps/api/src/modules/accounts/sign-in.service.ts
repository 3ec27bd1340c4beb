// Sign-in and sign-out. Login never tells whether an e-mail is registered: an unknown e-mail and a
// wrong password answer the same code, status and body, after the same argon2 work. With
// authenticator 2FA on, the password alone answers 403 two_factor_code_required and the client
// sends the same body again with `totp` (or a `recoveryCode`); no session exists before that.
// Wrong passwords for one e-mail address are slowed by the sign-in backoff (password-check.ts,
// sign-in-backoff.ts), which refuses a try during its wait before any password is checked, and
// tells the owner by e-mail, once per streak, when it starts.
import type { AuthResult, LanguageCode } from '@rora/contracts';
import { AppError } from '../../lib/errors.ts';
import type { SessionIdentity, SessionService } from '../sessions/index.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import type { PasswordCheck } from './password-check.ts';
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
  passwordCheck: PasswordCheck;
  twoFactor: TwoFactorService;
}): SignInService {
  const { repository, sessions, passwordCheck, twoFactor } = deps;

  async function openSession(userId: string, client: ClientContext): Promise<AuthResult> {
    const { token } = await sessions.create(userId, { ip: client.ip, userAgent: client.userAgent });
    const row = await repository.profile(userId);
    if (!row) throw new AppError('resource_not_found');
    return { user: toUser(row), token };
  }

  return {
    openSession,

    async login(input) {
      const account = await repository.credentials(input.email);
      const valid = account
        ? await passwordCheck.verify({ ...account, email: input.email }, input.password)
        : await passwordCheck.verifyUnknown(input.email, input.password);
      if (!account || !valid) throw new AppError('credentials_are_invalid');
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
