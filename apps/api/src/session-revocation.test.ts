// Two API replicas on one database, with the PostgreSQL and with the NATS event bus: a session revoked
// through one is refused by the other within a second (not after its 10-second session cache), and
// the other's open WebSocket of that session closes as soon (not at its next keepalive, set here to
// 10 minutes).
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WS_CLOSE_UNAUTHORIZED } from '@rora/contracts';
import { connectDatabase, type Database } from '@rora/db';
import { buildApp, type App } from './app.ts';
import { natsAvailable, natsTestUrl } from './testing/nats.ts';
import { createTestApp, loadTestConfig, type TestApp } from './testing/test-app.ts';
import { createTestUser } from './testing/users.ts';

async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

const buses = [
  { bus: 'postgres', run: true },
  { bus: 'nats', run: await natsAvailable('session-revocation') },
];

describe.each(buses)('with the $bus event bus', ({ bus, run }) => {
  const env = { EVENT_BUS: bus, NATS_URL: natsTestUrl.href, WS_PING_INTERVAL_MS: '600000' };
  let first: TestApp;
  let secondDatabase: Database;
  let second: App;
  let secondUrl: string;

  beforeAll(async () => {
    if (!run) return;
    first = await createTestApp({ env });
    secondDatabase = connectDatabase(first.database.url, { max: 4 });
    second = await buildApp({ config: loadTestConfig(env), database: secondDatabase, clock: first.clock });
    await second.listen({ port: 0, host: '127.0.0.1' });
    secondUrl = `ws://127.0.0.1:${(second.server.address() as AddressInfo).port}/api/v1/ws`;
    // Both buses listen before anything is published.
    await new Promise((resolve) => setTimeout(resolve, 200));
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await first?.close();
  });

  describe.skipIf(!run)('a session revoked on one replica', () => {
    it('is refused by the other within a second, and its socket there is closed', async () => {
      const customer = await createTestUser(first);
      // The second replica has the session cached, and a socket open on it.
      expect(await second.services.sessions.authenticate(customer.token)).toMatchObject({ userId: customer.userId });
      const socket = new WebSocket(secondUrl, ['bearer', customer.token]);
      await new Promise((resolve) => socket.once('message', resolve));
      const closed = new Promise<[number, string]>((resolve) =>
        socket.once('close', (code, reason) => resolve([code, reason.toString()])),
      );

      const [session] = await first.app.services.sessions.listActive(customer.userId);
      await first.app.services.sessions.revoke(customer.userId, session!.id);

      await within(1_000, async () => (await second.services.sessions.authenticate(customer.token)) === 'expired');
      expect(await closed).toEqual([WS_CLOSE_UNAUTHORIZED, 'session_expired']);
    });

    it('after a sign-out everywhere, refuses every session of the customer on the other replica', async () => {
      const customer = await createTestUser(first);
      const { token: other } = await first.app.services.sessions.create(customer.userId, { ip: '127.0.0.1' });
      for (const token of [customer.token, other]) {
        expect(await second.services.sessions.authenticate(token)).toMatchObject({ userId: customer.userId });
      }
      await first.app.services.sessions.revokeAll(customer.userId);
      for (const token of [customer.token, other]) {
        await within(1_000, async () => (await second.services.sessions.authenticate(token)) === 'expired');
      }
    });
  });
});
