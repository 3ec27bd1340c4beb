// Balance updates are written in place (HOT): the new version of an account's row stays on its
// page, so the account's indexes take no new entry (migration 0100, ADR 0057). At the default fill
// factor a page filled by inserts has no room: here 19 of the 240 accounts moved to another page
// (each move wrote three index entries); with room, none does.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { assertLedgerInvariants } from './invariants.ts';
import { createLedger } from './ledger.ts';
import { createTestCustomer, fundCustomer } from './testing/index.ts';

const ledger = createLedger();
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.destroy());

/** The heap page of each customer's available BTC account. */
async function pages(): Promise<Map<string, string>> {
  const { rows } = await database.db.execute<{ owner_id: string; page: string }>(
    sql`SELECT owner_id, (ctid::text::point)[0]::text AS page FROM ledger_accounts WHERE owner_id IS NOT NULL`,
  );
  return new Map(rows.map((row) => [row.owner_id, row.page]));
}

describe('balance updates', () => {
  it('keep every account on its page as customers trade in small batches', async () => {
    const customers: string[] = [];
    for (let i = 0; i < 240; i += 1) customers.push(await createTestCustomer(database.db));
    for (const owner of customers) await fundCustomer(database.db, { owner, asset: 'BTC', amount: 1_000n });
    const before = await pages();

    // Rounds of batches of 8 transfers, each between neighbours, as a batch of orders touches a few
    // accounts each: every account is updated several times.
    for (let round = 0; round < 4; round += 1) {
      for (let start = 0; start < customers.length; start += 8) {
        const batch = customers.slice(start, start + 8).map((from, k) => ({
          id: randomUUID(),
          asset: 'BTC' as const,
          debit: { owner: from, kind: 'available' as const },
          credit: { owner: customers[(start + k + 1 + round) % customers.length]!, kind: 'available' as const },
          amount: 1n,
          code: 'internal_transfer' as const,
        }));
        await ledger.transferMany(database.db, batch);
      }
    }

    const after = await pages();
    const moved = customers.filter((owner) => after.get(owner) !== before.get(owner));
    expect(moved.length).toBeLessThanOrEqual(4);
    await assertLedgerInvariants(database.db);
  });
});
