// Approval of money leaving a wallet (spec §6): the PIN, or the authenticator code when the customer
// turned withdrawal 2FA on. `require` checks that the right proof was given, before any money is
// held; `verify` checks it (the accounts services count wrong tries and lock), after the hold, so
// requests that cannot be paid never spend a PIN try. A customer's checks run one at a time in this
// process: the accounts limiter counts a try before comparing, so checks sent together would use up
// the tries and lock a customer who typed the right PIN every time.
import type { AccountServices } from '../accounts/index.ts';
import { AppError } from '../../lib/errors.ts';
import { createTurns } from '../../lib/turns.ts';

export interface ApprovalProof {
  readonly pin?: string | undefined;
  readonly token?: string | undefined;
}

export interface Approval {
  require(userId: string, proof: ApprovalProof): Promise<void>;
  verify(userId: string, proof: ApprovalProof): Promise<void>;
}

export function createApproval(deps: { accounts: Pick<AccountServices, 'users' | 'pin' | 'twoFactor'> }): Approval {
  const { accounts } = deps;
  /** Runs a check after the customer's previous check in this process has finished. */
  const oneAtATime = createTurns<string>();

  async function factor(userId: string): Promise<'totp' | 'pin'> {
    const profile = await accounts.users.profile(userId);
    if (profile.withdrawal2faEnabled) return 'totp';
    if (!profile.pinSet) throw new AppError('pin_not_set');
    return 'pin';
  }

  async function require(userId: string, proof: ApprovalProof): Promise<'totp' | 'pin'> {
    const needed = await factor(userId);
    if (needed === 'totp' && !proof.token) throw new AppError('two_factor_code_required', { field: 'token' });
    if (needed === 'pin' && !proof.pin) throw new AppError('pin_required', { field: 'pin' });
    return needed;
  }

  return {
    async require(userId, proof) {
      await require(userId, proof);
    },
    async verify(userId, proof) {
      const needed = await require(userId, proof);
      await oneAtATime(userId, () =>
        needed === 'totp'
          ? accounts.twoFactor.verify(userId, proof.token as string)
          : accounts.pin.verify(userId, proof.pin as string),
      );
    },
  };
}
