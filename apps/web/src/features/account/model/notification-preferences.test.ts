import { describe, expect, it } from 'vitest';
import { NOTIFICATION_PREFERENCES, preferencePath, withPreference } from './notification-preferences.ts';

describe('preferencePath', () => {
  it('uses the three paths of spec §7 with the encoded id', () => {
    expect(preferencePath('aiNotifications', 'u-1')).toBe('/user/update-ai-notification-status/u-1');
    expect(preferencePath('administrativeEmails', 'u-1')).toBe('/user/update-administrative-email-status/u-1');
    expect(preferencePath('newsletterEmails', 'a/b')).toBe('/user/update-newsletter-status/a%2Fb');
  });

  it('lists each switch once', () => {
    expect(NOTIFICATION_PREFERENCES.map((entry) => entry.key)).toEqual([
      'aiNotifications',
      'administrativeEmails',
      'newsletterEmails',
    ]);
  });
});

describe('withPreference', () => {
  it('changes one switch and leaves the original profile untouched', () => {
    const profile = {
      _id: 'u-1',
      preferences: { aiNotifications: true, administrativeEmails: true, newsletterEmails: false, language: 'fr' },
    };
    const next = withPreference(profile, 'newsletterEmails', true);
    expect(next.preferences).toEqual({
      aiNotifications: true,
      administrativeEmails: true,
      newsletterEmails: true,
      language: 'fr',
    });
    expect(profile.preferences.newsletterEmails).toBe(false);
    expect(next._id).toBe('u-1');
  });
});
