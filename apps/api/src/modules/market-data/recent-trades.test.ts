// The recent trades a market starts from (its ticker's last price, the trades topic's snapshot): the
// newest first by number, also past 999, where their text would sort 999 above 1000.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { readRecentTrades } from './market-data.repository.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.destroy());

it('reads the newest trades first, by number', async () => {
  const client = await database.pool.connect();
  try {
    // The fills alone: their orders and users are not what is read here.
    await client.query('SET session_replication_role = replica');
    for (const seq of [998, 999, 1000, 1001]) {
      await client.query(
        `INSERT INTO order_fills (id, pair, book, venue, seq, maker_order_id, taker_order_id, maker_user_id,
           taker_user_id, taker_side, price, quantity, notional, maker_fee, taker_fee, created_at)
         VALUES ($1, 'BTC/USDT', 'lit', 'rora', $2, $3, $4, $5, $6, 'buy', $7, 1, $7, 0, 0, now())`,
        [randomUUID(), seq, randomUUID(), randomUUID(), randomUUID(), randomUUID(), 70_000 + seq],
      );
    }
  } finally {
    client.release(true);
  }
  const trades = await readRecentTrades(database.db, 'BTC/USDT', 3);
  expect(trades.map((trade) => [trade.seq, trade.price])).toEqual([
    [1001n, 71_001n],
    [1000n, 71_000n],
    [999n, 70_999n],
  ]);
});
