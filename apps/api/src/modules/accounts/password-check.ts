// Every check of a customer's password, wherever it is typed (sign-in, password change, PIN change
// by password), goes through the sign-in backoff of their e-mail address, so a settings route is no
// side door for guessing the password with a stolen session. A right password ends the streak; the
// wrong one that starts the backoff tells the owner by e-mail, once per streak.
import { AppError, isAppError } from '../../lib/errors.ts';
import { accountMessages, type AccountMessaging } from './messages.ts';
import type { PasswordHasher } from './passwords.ts';
import type { SignInBackoff } from './sign-in-backoff.ts';

export interface PasswordAccount {
  id: string;
  email: string;
  passwordHash: string;
}

export interface PasswordCheck {
  /** True when `password` is the account's; during a backoff wait throws sign_in_must_wait_after_failed_attempts. */
  verify(account: PasswordAccount, password: string): Promise<boolean>;
  /** Sign-in with an address no account has: counted and slowed the same, after the same argon2 work. */
  verifyUnknown(email: string, password: string): Promise<false>;
  /** Like verify, but a wrong password throws `code` (with `field`). */
  assert(
    account: PasswordAccount,
    password: string,
    wrong: { code: 'current_password_is_incorrect'; field: string },
  ): Promise<void>;
}

export function createPasswordCheck(deps: {
  backoff: SignInBackoff;
  passwords: PasswordHasher;
  messaging: AccountMessaging;
}): PasswordCheck {
  const { backoff, passwords, messaging } = deps;

  async function verify(account: PasswordAccount, password: string): Promise<boolean> {
    await backoff.take(account.email);
    if (await passwords.verify(account.passwordHash, password)) {
      await backoff.reset(account.email);
      return true;
    }
    if (await backoff.claimNotice(account.email)) await notify(account);
    return false;
  }

  /**
   * The notice is best effort: a failed delivery stays in the outbox as failed, and the answer is
   * still credentials_are_invalid (a 503 here would tell that the address has an account).
   */
  async function notify(account: PasswordAccount): Promise<void> {
    const template = accountMessages.signInBackoffStarted();
    try {
      await messaging.email({ to: account.email, userId: account.id, category: 'security', template });
    } catch (error) {
      if (!isAppError(error) || error.code !== 'message_delivery_failed') throw error;
    }
  }

  return {
    verify,
    async verifyUnknown(email, password) {
      await backoff.take(email);
      await passwords.verifyNothing(password);
      return false;
    },
    async assert(account, password, wrong) {
      if (!(await verify(account, password))) throw new AppError(wrong.code, { field: wrong.field });
    },
  };
}
