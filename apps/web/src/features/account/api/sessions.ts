// GET /user/sessions lists the account's active sign-ins; DELETE /user/sessions/{sessionId} signs
// one out (that device's next call answers 401).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userApi } from '@rora/contracts';
import { callApi } from '../../../lib/api/client.ts';
import { resourceKeys } from '../../../lib/api/resources/keys.ts';
import { useUserId } from './profile.ts';

/** One item of the answer (contracts `sessionSchema`). */
export interface AccountSession {
  readonly id: string;
  /** 'Chrome on macOS', built by the API from the session's User-Agent. */
  readonly device: string;
  readonly ip: string | null;
  readonly createdAt: string;
  readonly lastSeenAt: string;
  /** The session this request was made with: this device. */
  readonly current: boolean;
}

export const sessionsKey = resourceKeys.userSessions;

export function useSessions() {
  const id = useUserId();
  return useQuery({
    queryKey: sessionsKey(id),
    enabled: id !== '',
    queryFn: async ({ signal }): Promise<AccountSession[]> => (await callApi(userApi.sessions, { signal })).items,
  });
}

export function useRevokeSession() {
  const client = useQueryClient();
  const id = useUserId();
  return useMutation({
    mutationFn: (sessionId: string) => callApi(userApi.revokeSession, { params: { sessionId } }),
    onSuccess: (_result, sessionId) => {
      client.setQueryData<AccountSession[]>(sessionsKey(id), (items) =>
        items?.filter((session) => session.id !== sessionId),
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKey(id) }),
  });
}
