// PUT /user/preferences/{id}: the language and theme saved on the profile, so they follow the
// customer to another device.
import { useMutation } from '@tanstack/react-query';
import { userApi, type LanguageCode, type ThemeName, type User } from '@rora/contracts';
import { callApi } from '../../../lib/api/client.ts';
import { useProfileRefresh, useUserId } from './profile.ts';

export interface PreferencesPatch {
  readonly language?: LanguageCode;
  readonly theme?: ThemeName;
}

export function updatePreferences(id: string, patch: PreferencesPatch): Promise<User> {
  return callApi(userApi.updatePreferences, { params: { id }, body: patch });
}

export function useUpdatePreferences() {
  const id = useUserId();
  const refresh = useProfileRefresh();
  return useMutation({
    mutationFn: (patch: PreferencesPatch) => updatePreferences(id, patch),
    onSuccess: (profile) => refresh(profile),
  });
}
