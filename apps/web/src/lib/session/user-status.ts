// Reading the account's state from the profile the API returned (contracts `User`): the fields are
// read defensively because an older stored session may predate one of them.
import type { SessionUser } from './session-store.ts';

export const KYC_STATUSES = [
  'not_started',
  'in_progress',
  'waiting_for_approval',
  'approved',
  'rejected',
  'resubmitted',
] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

export function kycStatusOf(user: SessionUser | null): KycStatus {
  const value = user?.kycStatus;
  return (KYC_STATUSES as readonly unknown[]).includes(value) ? (value as KycStatus) : 'not_started';
}

export function isFlagSet(
  user: SessionUser | null,
  field: 'emailVerified' | 'phoneVerified' | 'twoFactorEnabled' | 'pinSet',
): boolean {
  return user?.[field] === true;
}
