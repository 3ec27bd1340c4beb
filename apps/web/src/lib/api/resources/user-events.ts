// What the session's WebSocket says about the customer's own account: a KYC decision arrives as a
// `kyc_status_changed` notification (the bell shows it), and everything that shows the status follows
// at once: the stored session (the guards and the screens that read it), the cached profile, and the
// profile and KYC state are read again. Given to the one dispatcher by the signed-in layout. The
// status is read by hand rather than with the contract's notification schemas, which would bring zod
// into every signed-in screen's first download (npm run bench:web).
import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeEvent, User } from '@rora/contracts';
import { getSession, updateUser } from '../../session/session-store.ts';
import { KYC_STATUSES, type KycStatus } from '../../session/user-status.ts';
import { resourceKeys } from './keys.ts';

/** The new status a `kyc_status_changed` notification carries, or null for anything else. */
function kycDecision(event: RealtimeEvent): KycStatus | null {
  if (event.channel !== 'notifications' || event.type !== 'created') return null;
  const { kind, data } = event.data as { kind?: unknown; data?: { status?: unknown } | null };
  const status = kind === 'kyc_status_changed' ? data?.status : undefined;
  return (KYC_STATUSES as readonly unknown[]).includes(status) ? (status as KycStatus) : null;
}

export function accountWriter(client: QueryClient, event: RealtimeEvent): void {
  const status = kycDecision(event);
  if (status === null) return;
  const { user } = getSession();
  if (user === null) return;
  if (user.kycStatus !== status) updateUser({ ...user, kycStatus: status });
  const id = user.id || (typeof user._id === 'string' ? user._id : '');
  client.setQueryData<User>(resourceKeys.user(id), (profile) => profile && { ...profile, kycStatus: status });
  void client.invalidateQueries({ queryKey: resourceKeys.user(id), exact: true });
  void client.invalidateQueries({ queryKey: resourceKeys.kyc });
}
