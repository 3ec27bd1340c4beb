// The customer as the API shows it (contracts `User`): `_id`, contact, security flags, KYC status
// and preferences. Never a hash, secret or internal column.
import type { LanguageCode, ThemeName, User } from '@rora/contracts';
import type { ProfileRow } from './accounts.repository.ts';

export function toUser(row: ProfileRow): User {
  return {
    _id: row.id,
    email: row.email,
    phone:
      row.phoneCountryCode && row.phoneNumber ? { countryCode: row.phoneCountryCode, number: row.phoneNumber } : null,
    emailVerified: row.emailVerifiedAt !== null,
    phoneVerified: row.phoneVerifiedAt !== null,
    twoFactorEnabled: row.twoFactorEnabled,
    withdrawal2faEnabled: row.withdrawal2faEnabled,
    pinSet: row.pinSet,
    kycStatus: row.kycStatus,
    recieveUpdates: row.receiveUpdates,
    shareData: row.shareData,
    preferences: {
      aiNotifications: row.aiNotifications,
      administrativeEmails: row.administrativeEmails,
      newsletterEmails: row.newsletterEmails,
      language: row.language as LanguageCode,
      theme: row.theme as ThemeName,
    },
    createdAt: row.createdAt.toISOString(),
  };
}
