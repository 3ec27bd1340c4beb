// The signed-in customer's profile (GET /user/{id}): the source of every flag these screens show. It
// is the shared resource of lib/api/resources (one key for every screen that reads the profile).
import { resourceKeys } from '../../../lib/api/resources/keys.ts';
import { fetchUser, useUser, useUserId, useUserRefresh } from '../../../lib/api/resources/user.ts';

export const profileKey = resourceKeys.user;
export const fetchProfile = fetchUser;
export { useUserId };

export const userPath = (prefix: string, id: string) => `${prefix}/${encodeURIComponent(id)}`;

export function useProfile() {
  return useUser();
}

/** After a change: store the profile the API answered (when it sent one) and fetch it again. */
export const useProfileRefresh = useUserRefresh;
