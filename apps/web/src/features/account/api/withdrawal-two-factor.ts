// PUT /user/update-2FA-withdraw/{id}: ask for the authenticator code on every withdrawal, or stop.
// It needs authenticator 2FA on, and a current code to turn it on or off.
import { useMutation } from '@tanstack/react-query';
import { userApi, type User } from '@rora/contracts';
import { callApi } from '../../../lib/api/client.ts';
import { useProfileRefresh, useUserId } from './profile.ts';

export interface WithdrawalTwoFactorChange {
  readonly status: boolean;
  readonly token: string;
}

export function setWithdrawalTwoFactor(id: string, change: WithdrawalTwoFactorChange): Promise<User> {
  return callApi(userApi.withdrawalTwoFactor, { params: { id }, body: change });
}

export function useWithdrawalTwoFactor() {
  const id = useUserId();
  const refresh = useProfileRefresh();
  return useMutation({
    mutationFn: (change: WithdrawalTwoFactorChange) => setWithdrawalTwoFactor(id, change),
    onSuccess: (profile) => refresh(profile),
  });
}
