// GET /user/{id}, the signed-in customer's profile, under one key for every screen (account, KYC
// gates of exchange and swap, the send approval). Each read also brings the stored session up to
// date, so the shell and the guards see the same account.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { userApi, type User } from '@rora/contracts';
import { callApi } from '../client.ts';
import { updateUser } from '../../session/session-store.ts';
import { kycStatusOf, type KycStatus } from '../../session/user-status.ts';
import { useSession } from '../../session/use-session.ts';
import { resourceKeys } from './keys.ts';

/** The id of the signed-in customer ('' while signed out); a session stored by an older app may have only `_id`. */
export function useUserId(): string {
  const user = useSession().user;
  if (user?.id) return user.id;
  return typeof user?._id === 'string' ? user._id : '';
}

export async function fetchUser(id: string, signal?: AbortSignal): Promise<User> {
  const user = await callApi(userApi.profile, { params: { id }, signal });
  updateUser(user);
  return user;
}

export interface UserOptions<T> {
  readonly select?: (user: User) => T;
  /** 0 reads it fresh when the screen opens (a confirmation that depends on the account's flags). */
  readonly staleTime?: number;
}

export function useUser<T = User>(options: UserOptions<T> = {}) {
  const id = useUserId();
  return useQuery({
    queryKey: resourceKeys.user(id),
    enabled: id !== '',
    queryFn: ({ signal }) => fetchUser(id, signal),
    select: options.select,
    staleTime: options.staleTime,
  });
}

/** After a change: store the profile the API answered (when it sent one) and fetch it again. */
export function useUserRefresh() {
  const client = useQueryClient();
  const id = useUserId();
  return (profile?: User) => {
    if (profile) {
      client.setQueryData(resourceKeys.user(id), profile);
      updateUser(profile);
    }
    return client.invalidateQueries({ queryKey: resourceKeys.user(id) });
  };
}

/**
 * Whether the customer may buy, sell and swap (spec §6: approved KYC), from the profile rather than
 * the stored session, which may predate an approval. Null while the first read is under way.
 */
export function useKycApproved(): boolean | null {
  const { user } = useSession();
  const profile = useUser();
  if (profile.data) return profile.data.kycStatus === 'approved';
  return profile.isPending ? null : kycStatusOf(user) === 'approved';
}

/**
 * Where the customer's identity verification stands: the profile's status (read when the screen
 * opens, and again when the socket says it changed), the stored session's until the profile arrives.
 * The session's is the one saved at sign-in, so it may predate an approval.
 */
export function useKycStatus(): KycStatus {
  const { user } = useSession();
  const profile = useUser({ select: (read) => kycStatusOf({ ...read, id: read._id }), staleTime: 0 });
  return profile.data ?? kycStatusOf(user);
}
