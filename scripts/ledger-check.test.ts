import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { createLedger } from '@rora/ledger';
import { createTestCustomer, fundCustomer, writePastTheLedger } from '@rora/ledger/testing';
import { ledgerCheck } from './ledger-check.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.destroy());

async function check(): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await ledgerCheck(database.url, (line) => lines.push(line));
  return { code, output: lines.join('\n') };
}

describe('npm run ledger:check', () => {
  it('reports a sound ledger and exits 0, without printing the password', async () => {
    const alice = await createTestCustomer(database.db);
    await fundCustomer(database.db, { owner: alice, asset: 'BTC', amount: 5n });
    await createLedger().hold(database.db, {
      id: randomUUID(),
      owner: alice,
      asset: 'BTC',
      amount: 2n,
      code: 'order_hold',
    });
    const { code, output } = await check();
    expect(code).toBe(0);
    // A hold writes no account and no transfer (ADR 0063).
    expect(output).toContain('2 accounts, 1 transfers, 1 pending holds; assets: BTC');
    expect(output).toContain('ok   balance_equals_replay');
    expect(output).toContain('All ledger invariants hold.');
    expect(output).not.toContain(new URL(database.url).password || 'no-password');
  });

  it('names each broken invariant and exits 1', async () => {
    await writePastTheLedger(
      database.pool,
      `UPDATE ledger_accounts SET balance = balance + 1 WHERE kind = 'available'`,
    );
    const { code, output } = await check();
    expect(code).toBe(1);
    expect(output).toMatch(/FAIL asset_balances_sum_to_zero\n\s+BTC balances sum to 1, not 0/);
    expect(output).toContain('FAIL balance_equals_replay');
    expect(output).toContain('ok   held_equals_open_holds');
  });
});
