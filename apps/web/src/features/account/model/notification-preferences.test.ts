import { describe, expect, it } from 'vitest';
import { NOTIFICATION_PREFERENCES, preferenceCall, withPreference } from './notification-preferences.ts';

describe('preferenceCall', () => {
  it('uses the three calls of spec §7', () => {
    expect(preferenceCall('aiNotifications').path).toBe('/user/update-ai-notification-status/{id}');
    expect(preferenceCall('administrativeEmails').path).toBe('/user/update-administrative-email-status/{id}');
    expect(preferenceCall('newsletterEmails')).toMatchObject({
      method: 'PUT',
      path: '/user/update-newsletter-status/{id}',
    });
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
