import { describe, expect, it } from 'vitest';
import { parseRealtimeEvent, realtimeEventSchema } from './realtime-events.ts';

const userId = '6f1c3a52-8a0e-4b8e-9d6a-3f0d2b1c4e5a';

describe('the WebSocket events of the contract', () => {
  it('reads each channel by its own schema', () => {
    expect(parseRealtimeEvent({ channel: 'system', type: 'ready', data: { userId } })).toEqual({
      channel: 'system',
      type: 'ready',
      data: { userId },
    });
    expect(parseRealtimeEvent({ channel: 'staking', type: 'accrued', data: null })?.type).toBe('accrued');
    expect(parseRealtimeEvent({ channel: 'markets', type: 'tickers', data: { sequence: 4, items: [] } })?.type).toBe(
      'tickers',
    );
    expect(
      parseRealtimeEvent({ channel: 'notifications', type: 'read', data: { id: null, unreadCount: 0 } })?.channel,
    ).toBe('notifications');
  });

  it('refuses unknown channels, unknown types and data of the wrong shape', () => {
    expect(parseRealtimeEvent({ channel: 'sessions', type: 'revoked', data: { userId } })).toBeNull();
    expect(parseRealtimeEvent({ channel: 'staking', type: 'deleted', data: null })).toBeNull();
    expect(parseRealtimeEvent({ channel: 'notifications', type: 'read', data: { id: 'n1' } })).toBeNull();
    expect(parseRealtimeEvent({ channel: 'toString', type: 'x', data: null })).toBeNull();
    expect(parseRealtimeEvent(null)).toBeNull();
  });

  it('agrees with the whole union', () => {
    const event = { channel: 'wallets', type: 'cold', data: { walletId: userId, transaction: null } };
    expect(realtimeEventSchema.safeParse(event).success).toBe(true);
    expect(parseRealtimeEvent(event)).toEqual(event);
  });
});
