// What the session's WebSocket says about the customer's own account: a KYC decision arrives as a
// `kyc_status_changed` notification (the bell shows it), and everything that shows the status follows
// at once: the stored session (the guards and the screens that read it), the cached profile, and the
// profile and KYC state are read again. Given to the one dispatcher by the signed-in layout.
import type { QueryClient } from '@tanstack/react-query';
import { readNotification, type RealtimeEvent, type User } from '@rora/contracts';
import { getSession, updateUser } from '../../session/session-store.ts';
import { resourceKeys } from './keys.ts';

export function accountWriter(client: QueryClient, event: RealtimeEvent): void {
  if (event.channel !== 'notifications' || event.type !== 'created') return;
  const known = readNotification(event.data);
  if (known?.kind !== 'kyc_status_changed') return;
  const { status } = known.params;
  const { user } = getSession();
  if (user === null) return;
  if (user.kycStatus !== status) updateUser({ ...user, kycStatus: status });
  const id = user.id || (typeof user._id === 'string' ? user._id : '');
  client.setQueryData<User>(resourceKeys.user(id), (profile) => profile && { ...profile, kycStatus: status });
  void client.invalidateQueries({ queryKey: resourceKeys.user(id), exact: true });
  void client.invalidateQueries({ queryKey: resourceKeys.kyc });
}
