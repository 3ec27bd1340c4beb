// Which proof approves money leaving a wallet (spec §6): the authenticator code when the customer
// turned withdrawal 2FA on, else the PIN. Read from the profile (GET /user/{id}), which the account
// screens change; it is fetched fresh when the confirmation opens.
import { useMutation } from '@tanstack/react-query';
import { userApi, type User } from '@rora/contracts';
import { callApi } from '../../../lib/api/client.ts';
import { useUser, useUserRefresh } from '../../../lib/api/resources/user.ts';

export type ApprovalMethod = 'pin' | 'totp' | 'pinNotSet';

export function methodOf(user: Pick<User, 'withdrawal2faEnabled' | 'pinSet'>): ApprovalMethod {
  if (user.withdrawal2faEnabled) return 'totp';
  return user.pinSet ? 'pin' : 'pinNotSet';
}

export function useApprovalMethod() {
  return useUser({ select: methodOf, staleTime: 0 });
}

/**
 * Sets the first PIN (POST /user/pin) from inside a send, so the typed send is not left behind;
 * the authenticator code goes along when the API asks for it (2FA on). The profile is fetched again,
 * which turns the approval method into the PIN.
 */
export function useSetFirstPin() {
  const refresh = useUserRefresh();
  return useMutation({
    mutationFn: ({ pin, token }: { pin: string; token?: string | undefined }) =>
      callApi(userApi.setPin, { body: token ? { pin, token } : { pin } }),
    onSuccess: () => refresh(),
  });
}
