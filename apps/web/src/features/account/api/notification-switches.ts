// PUT /user/update-{ai-notification,administrative-email,newsletter}-status/{id}: each switch saves
// at once. The profile in the cache changes before the call (the switch moves under the finger) and
// goes back if the call fails; the API's answer then becomes the cached profile.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@rora/contracts';
import { callApi } from '../../../lib/api/client.ts';
import { updateUser } from '../../../lib/session/session-store.ts';
import { preferenceCall, withPreference, type NotificationPreference } from '../model/notification-preferences.ts';
import { profileKey, useUserId } from './profile.ts';

export interface PreferenceChange {
  readonly key: NotificationPreference;
  readonly value: boolean;
}

export function setNotificationPreference(id: string, change: PreferenceChange): Promise<User> {
  return callApi(preferenceCall(change.key), { params: { id }, body: { status: change.value } });
}

export function useNotificationPreference(options: {
  onSaved: (change: PreferenceChange) => void;
  onFailed: (error: unknown) => void;
}) {
  const client = useQueryClient();
  const id = useUserId();
  const key = profileKey(id);
  return useMutation({
    mutationFn: (change: PreferenceChange) => setNotificationPreference(id, change),
    onMutate: async (change) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<User>(key);
      if (previous) client.setQueryData<User>(key, withPreference(previous, change.key, change.value));
      return { previous };
    },
    onError: (error, change, context) => {
      // Roll back only this switch: another switch may have been saved meanwhile.
      const current = client.getQueryData<User>(key);
      const before = context?.previous?.preferences[change.key];
      if (current && before !== undefined) client.setQueryData<User>(key, withPreference(current, change.key, before));
      options.onFailed(error);
    },
    onSuccess: (profile, change) => {
      const current = client.getQueryData<User>(key);
      // Keep switches still in flight as the customer set them; take this one from the answer.
      const merged = current ? withPreference(current, change.key, profile.preferences[change.key]) : profile;
      client.setQueryData<User>(key, merged);
      updateUser(merged);
      options.onSaved(change);
    },
    onSettled: () => {
      if (client.isMutating({ mutationKey: ['notification-preference'] }) <= 1)
        void client.invalidateQueries({ queryKey: key });
    },
    mutationKey: ['notification-preference'],
  });
}
