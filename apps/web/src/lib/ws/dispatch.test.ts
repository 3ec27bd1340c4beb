import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '@rora/contracts';
import { resourceKeys } from '../api/resources/keys.ts';
import { dispatchEvent } from './dispatch.ts';

function cacheWithEverything(): QueryClient {
  const client = new QueryClient();
  for (const key of [
    resourceKeys.dashboard,
    [...resourceKeys.orders, 'open', 1],
    [...resourceKeys.walletHistory, 1],
    resourceKeys.stakes,
    resourceKeys.alerts,
    [...resourceKeys.loans, 'view'],
  ]) {
    client.setQueryData(key, { cached: true });
  }
  return client;
}
const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;

describe('the realtime dispatcher', () => {
  it('refreshes exactly what an order event changes: the orders and the balances', () => {
    const client = cacheWithEverything();
    dispatchEvent(client, { channel: 'orders', type: 'updated', data: {} } as RealtimeEvent, []);
    expect(stale(client, resourceKeys.dashboard)).toBe(true);
    expect(stale(client, [...resourceKeys.orders, 'open', 1])).toBe(true);
    expect(stale(client, [...resourceKeys.walletHistory, 1])).toBe(true);
    expect(stale(client, resourceKeys.stakes)).toBe(false);
    expect(stale(client, resourceKeys.alerts)).toBe(false);
  });

  it('refreshes stakes on a day of rewards and nothing on a system event; writers see every event', () => {
    const client = cacheWithEverything();
    const seen: string[] = [];
    const writer = (_client: QueryClient, event: RealtimeEvent) => void seen.push(`${event.channel}/${event.type}`);
    dispatchEvent(client, { channel: 'system', type: 'pong', data: null }, [writer]);
    expect(stale(client, resourceKeys.dashboard)).toBe(false);
    dispatchEvent(client, { channel: 'staking', type: 'accrued', data: null }, [writer]);
    expect(stale(client, resourceKeys.stakes)).toBe(true);
    expect(stale(client, [...resourceKeys.loans, 'view'])).toBe(false);
    expect(seen).toEqual(['system/pong', 'staking/accrued']);
  });
});
