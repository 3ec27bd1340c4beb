// PUT /user/password/update: the current password and the new one (twice). Every other session is
// signed out by the API, so the sessions list is fetched again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userApi } from '@rora/contracts';
import { callApi } from '../../../lib/api/client.ts';
import { toPasswordUpdateBody, type PasswordChangeInput } from '../model/password-change.ts';
import { useProfileRefresh, useUserId } from './profile.ts';
import { sessionsKey } from './sessions.ts';

export function useChangePassword() {
  const client = useQueryClient();
  const id = useUserId();
  const refresh = useProfileRefresh();
  return useMutation({
    mutationFn: (input: PasswordChangeInput) => callApi(userApi.updatePassword, { body: toPasswordUpdateBody(input) }),
    onSuccess: () => Promise.all([refresh(), client.invalidateQueries({ queryKey: sessionsKey(id) })]),
  });
}
