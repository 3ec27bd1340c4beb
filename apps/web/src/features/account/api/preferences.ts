// PUT /user/preferences/{id}: the language and theme saved on the profile, so they follow the
// customer to another device.
import { useMutation } from '@tanstack/react-query';
import type { LanguageCode, ThemeName, User } from '@rora/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { userPath, useProfileRefresh, useUserId } from './profile.ts';

export interface PreferencesPatch {
  readonly language?: LanguageCode;
  readonly theme?: ThemeName;
}

export function updatePreferences(id: string, patch: PreferencesPatch): Promise<User> {
  return apiRequest<User>(userPath('/user/preferences', id), { method: 'PUT', body: patch });
}

export function useUpdatePreferences() {
  const id = useUserId();
  const refresh = useProfileRefresh();
  return useMutation({
    mutationFn: (patch: PreferencesPatch) => updatePreferences(id, patch),
    onSuccess: (profile) => refresh(profile),
  });
}
