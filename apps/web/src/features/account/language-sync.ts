// Keeps the language on the profile (PUT /user/preferences/{id}) the one the app is shown in, so the
// server writes e-mails in it. The selector in the sidebar, the mobile header and the sign-in pages
// stores the choice in the browser only (spec §3) and reloads; the profile may still name another
// (English for a customer from before, or one who chose on the sign-in page). Checked once each time
// the signed-in frame loads; a failed save is logged and tried again on the next load. Its own entry
// of this feature, so the signed-in frame does not load the account screens.
import { useEffect } from 'react';
import { storedLanguage } from '../../lib/i18n/languages.ts';
import { getSession, updateUser } from '../../lib/session/session-store.ts';
import { updatePreferences } from './api/preferences.ts';
import { useUserId } from './api/profile.ts';

function profileLanguage(): unknown {
  const preferences = getSession().user?.preferences as { language?: unknown } | undefined;
  return preferences?.language;
}

export function useLanguageSync(): void {
  const id = useUserId();
  useEffect(() => {
    const language = storedLanguage();
    if (!id || profileLanguage() === language) return;
    updatePreferences(id, { language }).then(updateUser, (error: unknown) =>
      console.error('Saving the language on the profile failed', error),
    );
  }, [id]);
}
