// A writer that dies before any process heard its market topic (ADR 0073, addendum): the lone writer
// restarted, with no spare that followed its topic. A replica that does not write the books holds a
// customer's socket; the writer's last trade commits and never goes out, the writer dies, and a new
// process starts and takes the books over. It heard nothing sent, so it sends again the trades of
// the old writer's last moments (RESEND_WINDOW_MS before its newest): the socket receives the lost
// trade once, and an older trade, sent as usual, is not sent again.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.ts';
import { RESEND_WINDOW_MS } from './handover.ts';
import { expectEveryTradeOnce, followPastFirstTrade, ltcTraders } from './testing/handover-fixtures.ts';
import { killWriter, silenceMarkets, startReplica, startWriter, tradeAt, type Replica } from './testing/replicas.ts';

const BUS = { EVENT_BUS: 'postgres' };
let writer: TestApp;
let follower: Replica;
let successor: Replica | undefined;

beforeAll(async () => {
  writer = await startWriter(BUS);
  follower = await startReplica(writer, { ...BUS, SEQUENCER_SHARDS: 'none' });
});
afterAll(async () => {
  await successor?.close();
  await follower?.close();
  await writer?.close();
});

it('sends the last trades of a writer whose topic no process heard, each trade once', async () => {
  const traders = await ltcTraders(writer);
  const socket = await followPastFirstTrade(traders, writer.app, follower.app);

  // Later (beyond the window), the writer's last trade commits, and the writer dies before it goes out.
  writer.clock.advance(RESEND_WINDOW_MS * 2);
  silenceMarkets(writer.app);
  await traders.trade(writer.app, '42');
  await killWriter(writer);

  // A new process starts (it reads the trade as stored, and heard no message) and takes the books over.
  writer.clock.advance(1_000);
  successor = await startReplica(writer, BUS);
  expect(successor.app.services.markets.orders.runners.writesNow()).toBe(true);
  await tradeAt(socket.messages, '42');
  await traders.trade(successor.app, '43');
  await tradeAt(socket.messages, '43');
  await expectEveryTradeOnce(socket, writer);
});
