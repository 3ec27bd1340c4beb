// A KYC decision pushed over the socket (a `kyc_status_changed` notification) brings the stored
// session and the cached profile up to date at once, and has the profile and KYC state read again.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '@rora/contracts';
import { customer, signedInCustomer } from '../../../testing/fixtures.ts';
import { expireSession, getSession, signIn } from '../../session/session-store.ts';
import { resourceKeys } from './keys.ts';
import { accountWriter } from './user-events.ts';

const created = (kind: string, data: Record<string, unknown>): RealtimeEvent => ({
  channel: 'notifications',
  type: 'created',
  data: {
    id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
    kind,
    message: 'Your identity is verified',
    createdAt: '2026-12-01T09:00:00.000Z',
    isRead: false,
    data,
  },
});

function waitingCustomer(): QueryClient {
  const user = signedInCustomer({ kycStatus: 'waiting_for_approval' });
  signIn({ user, token: 'token' });
  const client = new QueryClient();
  client.setQueryData(resourceKeys.user(user.id), customer({ kycStatus: 'waiting_for_approval' }));
  client.setQueryData([...resourceKeys.kyc, user.id], { status: 'waiting_for_approval' });
  return client;
}

afterEach(() => expireSession());

describe('a KYC decision over the socket', () => {
  it('updates the session and the profile, and reads the profile and KYC state again', () => {
    const client = waitingCustomer();
    const id = signedInCustomer().id;
    accountWriter(client, created('kyc_status_changed', { status: 'approved', reasons: [] }));

    expect(getSession().user?.kycStatus).toBe('approved');
    expect(client.getQueryData<{ kycStatus: string }>(resourceKeys.user(id))?.kycStatus).toBe('approved');
    expect(client.getQueryState(resourceKeys.user(id))?.isInvalidated).toBe(true);
    expect(client.getQueryState([...resourceKeys.kyc, id])?.isInvalidated).toBe(true);
  });

  it('changes nothing for another notification or one it cannot read', () => {
    const client = waitingCustomer();
    const id = signedInCustomer().id;
    accountWriter(client, created('swap_failed', { status: 'approved' }));
    accountWriter(client, created('kyc_status_changed', { status: 'accepted', reasons: [] }));
    accountWriter(client, { channel: 'notifications', type: 'read', data: { id: null, unreadCount: 0 } });

    expect(getSession().user?.kycStatus).toBe('waiting_for_approval');
    expect(client.getQueryState(resourceKeys.user(id))?.isInvalidated).toBe(false);
  });
});
