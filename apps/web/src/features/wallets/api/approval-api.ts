// Which proof approves money leaving a wallet (spec §6): the authenticator code when the customer
// turned withdrawal 2FA on, else the PIN. Read from the profile (GET /user/{id}), which the account
// screens change; it is fetched fresh when the confirmation opens.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@rora/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { updateUser } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';

export type ApprovalMethod = 'pin' | 'totp' | 'pinNotSet';

function useUserId(): string {
  const user = useSession().user;
  if (user?.id) return user.id;
  return typeof user?._id === 'string' ? user._id : '';
}

export function methodOf(user: Pick<User, 'withdrawal2faEnabled' | 'pinSet'>): ApprovalMethod {
  if (user.withdrawal2faEnabled) return 'totp';
  return user.pinSet ? 'pin' : 'pinNotSet';
}

export function useApprovalMethod() {
  const id = useUserId();
  return useQuery({
    queryKey: ['user', id],
    enabled: id !== '',
    staleTime: 0,
    queryFn: async ({ signal }) => {
      const user = await apiRequest<User>(`/user/${encodeURIComponent(id)}`, { signal });
      updateUser(user);
      return user;
    },
    select: methodOf,
  });
}

/**
 * Sets the first PIN (POST /user/pin) from inside a send, so the typed send is not left behind;
 * the authenticator code goes along when the API asks for it (2FA on). The profile is fetched again,
 * which turns the approval method into the PIN.
 */
export function useSetFirstPin() {
  const client = useQueryClient();
  const id = useUserId();
  return useMutation({
    mutationFn: ({ pin, token }: { pin: string; token?: string | undefined }) =>
      apiRequest<unknown>('/user/pin', { method: 'POST', body: token ? { pin, token } : { pin } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['user', id] }),
  });
}
