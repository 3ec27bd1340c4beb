// The signed-in customer's profile (GET /user/{id}): the source of every flag these screens show.
// The session keeps the newest copy, so the shell and the guards see the same account.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@rora/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { updateUser } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';

export const profileKey = (id: string) => ['user', id] as const;

export const userPath = (prefix: string, id: string) => `${prefix}/${encodeURIComponent(id)}`;

export async function fetchProfile(id: string, signal?: AbortSignal): Promise<User> {
  const profile = await apiRequest<User>(userPath('/user', id), { signal });
  updateUser(profile);
  return profile;
}

/** The id of the signed-in customer ('' while signed out); a session stored by an older app may have only `_id`. */
export function useUserId(): string {
  const user = useSession().user;
  if (user?.id) return user.id;
  return typeof user?._id === 'string' ? user._id : '';
}

export function useProfile() {
  const id = useUserId();
  return useQuery({
    queryKey: profileKey(id),
    enabled: id !== '',
    queryFn: ({ signal }) => fetchProfile(id, signal),
  });
}

/** After a change: store the profile the API answered (when it sent one) and fetch it again. */
export function useProfileRefresh() {
  const client = useQueryClient();
  const id = useUserId();
  return (profile?: User) => {
    if (profile) {
      client.setQueryData(profileKey(id), profile);
      updateUser(profile);
    }
    return client.invalidateQueries({ queryKey: profileKey(id) });
  };
}
