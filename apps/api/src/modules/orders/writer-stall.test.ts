// A writer whose process stalls (a long pause, its event loop blocked) and wakes again (ADR 0067). It
// stops counting as the writer the moment it wakes from a stall that may have cost it its lease,
// before its database client has read anything: it serves no market data, audit or cancel from its
// books as the writer meanwhile. A lease that outlived the stall is renewed and kept (no step-down,
// the same lock session); one that lapsed is taken anew for the next order.
import { afterEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.ts';
import {
  approvedCustomer,
  assertOrdersConsistent,
  placeOrder,
  setUpMarketsTestApp,
  writerPid,
} from './testing/orders-fixtures.ts';
import { WRITER_LEASE_MS, WRITER_PING_MS, WRITER_TRUST_MS } from './writer-lock.ts';

let t: TestApp;
setUpMarketsTestApp((app) => (t = app));
afterEach(async () => assertOrdersConsistent(t));

const body = { symbol: 'SOL/USDT', side: 'buy', price: '20', amount: '1' } as const;

/** Blocks this thread, timers and sockets included, as a process stopped with SIGSTOP would be. */
function hang(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Places an order, so the shard has a writer, and says which lock session holds its lock. */
async function placeAndFindWriter(): Promise<number | null> {
  const customer = await approvedCustomer(t, { USDT: '100' });
  expect((await placeOrder(t, customer, body)).statusCode).toBe(201);
  expect(writesNow()).toBe(true);
  return writerPid(t);
}

const writesNow = () => t.app.services.markets.orders.runners.writesNow();

describe('a writer that stalls', () => {
  it('writes on through a stall shorter than its margin', async () => {
    const pid = await placeAndFindWriter();
    // The last renewal was sent at most a ping ago.
    hang(WRITER_TRUST_MS - 2 * WRITER_PING_MS);
    expect(writesNow()).toBe(true);
    expect(await placeAndFindWriter()).toBe(pid);
  });

  it('is not the writer on waking from a stall past its margin, then keeps the lease that outlived it', async () => {
    const pid = await placeAndFindWriter();
    // Past the margin, yet within the lease even if the last renewal was sent a ping before.
    hang(WRITER_TRUST_MS);
    expect(writesNow()).toBe(false);
    // Renewed, not retaken: the same session holds the lock.
    expect(await placeAndFindWriter()).toBe(pid);
  });

  it('is not the writer the moment it wakes from a stall past its lease, and takes the lock anew', async () => {
    const pid = await placeAndFindWriter();
    hang(WRITER_LEASE_MS + 1_000);
    expect(writesNow()).toBe(false);
    expect(await placeAndFindWriter()).not.toBe(pid);
  });
});
