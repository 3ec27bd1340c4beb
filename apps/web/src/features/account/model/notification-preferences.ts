// The three notification switches of spec §2 and the call that saves each one, and the profile as
// it looks once a switch has moved (the optimistic update shown before the API answers).
export type NotificationPreference = 'aiNotifications' | 'administrativeEmails' | 'newsletterEmails';

export const NOTIFICATION_PREFERENCES: ReadonlyArray<{ readonly key: NotificationPreference; readonly path: string }> =
  [
    { key: 'aiNotifications', path: '/user/update-ai-notification-status' },
    { key: 'administrativeEmails', path: '/user/update-administrative-email-status' },
    { key: 'newsletterEmails', path: '/user/update-newsletter-status' },
  ];

export function preferencePath(key: NotificationPreference, userId: string): string {
  const entry = NOTIFICATION_PREFERENCES.find((preference) => preference.key === key);
  if (!entry) throw new Error(`Unknown notification preference: ${key}`);
  return `${entry.path}/${encodeURIComponent(userId)}`;
}

interface WithPreferences {
  readonly preferences: Readonly<Record<NotificationPreference, boolean>>;
}

/** A copy of the profile with one switch changed; the original is left as it was (for rollback). */
export function withPreference<T extends WithPreferences>(profile: T, key: NotificationPreference, value: boolean): T {
  return { ...profile, preferences: { ...profile.preferences, [key]: value } };
}
