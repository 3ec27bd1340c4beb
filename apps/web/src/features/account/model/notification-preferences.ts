// The three notification switches of spec §2 and the call that saves each one, and the profile as
// it looks once a switch has moved (the optimistic update shown before the API answers).
import { userApi } from '@rora/contracts';

export type NotificationPreference = 'aiNotifications' | 'administrativeEmails' | 'newsletterEmails';

export const NOTIFICATION_PREFERENCES = [
  { key: 'aiNotifications', call: userApi.aiNotifications },
  { key: 'administrativeEmails', call: userApi.administrativeEmails },
  { key: 'newsletterEmails', call: userApi.newsletter },
] as const satisfies ReadonlyArray<{ readonly key: NotificationPreference; readonly call: unknown }>;

/** The call that saves the switch (spec §7). */
export function preferenceCall(key: NotificationPreference) {
  const entry = NOTIFICATION_PREFERENCES.find((preference) => preference.key === key);
  if (!entry) throw new Error(`Unknown notification preference: ${key}`);
  return entry.call;
}

interface WithPreferences {
  readonly preferences: Readonly<Record<NotificationPreference, boolean>>;
}

/** A copy of the profile with one switch changed; the original is left as it was (for rollback). */
export function withPreference<T extends WithPreferences>(profile: T, key: NotificationPreference, value: boolean): T {
  return { ...profile, preferences: { ...profile.preferences, [key]: value } };
}
