// Whether the customer may buy and sell (spec §6: approved basic KYC). Read from the profile
// (GET /user/{id}) rather than the stored session, which may predate an approval; the session is
// brought up to date with it.
import { useQuery } from '@tanstack/react-query';
import type { User } from '@rora/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { toSessionUser, updateUser } from '../../../lib/session/session-store.ts';
import { kycStatusOf } from '../../../lib/session/user-status.ts';
import { useSession } from '../../../lib/session/use-session.ts';

export function useKycApproved(): boolean | null {
  const { user } = useSession();
  const userId = user ? toSessionUser(user).id : '';
  const profile = useQuery({
    queryKey: ['exchange', 'profile', userId],
    enabled: userId !== '',
    queryFn: async ({ signal }) => {
      const fresh = await apiRequest<User>(`/user/${encodeURIComponent(userId)}`, { signal });
      updateUser(fresh);
      return fresh;
    },
  });
  if (profile.data) return profile.data.kycStatus === 'approved';
  return profile.isPending ? null : kycStatusOf(user) === 'approved';
}
