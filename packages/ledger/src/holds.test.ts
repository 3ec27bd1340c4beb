import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { LedgerError } from './errors.ts';
import { assertLedgerInvariants } from './invariants.ts';
import { createLedger } from './ledger.ts';
import { balancesIn, createTestCustomer, fundCustomer } from './testing/index.ts';
import type { Balances, PostHoldInput } from './types.ts';

const ledger = createLedger();
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => assertLedgerInvariants(database.db));
afterAll(async () => database.destroy());

async function balances(owner: string): Promise<Pick<Balances, 'available' | 'held'>> {
  const { available, held } = await balancesIn(database.db, owner, 'USDT');
  return { available, held };
}

async function transferCount(): Promise<number> {
  const { rows } = await database.pool.query<{ n: string }>('SELECT count(*) AS n FROM ledger_transfers');
  return Number(rows[0]?.n);
}

async function refusal(promise: Promise<unknown>): Promise<LedgerError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LedgerError);
  return error as LedgerError;
}

/** A funded buyer with a pending hold, and a seller to post to. */
async function setup(funded: bigint, held: bigint) {
  const buyer = await createTestCustomer(database.db);
  const seller = await createTestCustomer(database.db);
  await fundCustomer(database.db, { owner: buyer, asset: 'USDT', amount: funded });
  const holdId = randomUUID();
  await ledger.hold(database.db, { id: holdId, owner: buyer, asset: 'USDT', amount: held, code: 'order_hold' });
  const post = (amount: bigint, id = randomUUID()): PostHoldInput => ({
    id,
    holdId,
    credit: { owner: seller, kind: 'available' },
    amount,
    code: 'trade',
  });
  return { buyer, seller, holdId, post };
}

describe('holds', () => {
  it('reserve in the available account: the balance stays, what is spendable shrinks', async () => {
    const owner = await createTestCustomer(database.db);
    await fundCustomer(database.db, { owner, asset: 'USDT', amount: 500n });
    const before = await transferCount();
    const placed = await ledger.hold(database.db, {
      id: randomUUID(),
      owner,
      asset: 'USDT',
      amount: 200n,
      code: 'order_hold',
    });
    expect(placed).toMatchObject({ status: 'created', amount: 200n });
    expect(await transferCount()).toBe(before);
    expect(await ledger.findAccount(database.db, 'USDT', { owner, kind: 'held' })).toBeNull();
    expect((await ledger.findAccount(database.db, 'USDT', { owner, kind: 'available' }))?.balance).toBe(500n);
    expect(await balances(owner)).toEqual({ available: 300n, held: 200n });
    const other = await createTestCustomer(database.db);
    const send = (amount: bigint) =>
      ledger.transfer(database.db, {
        id: randomUUID(),
        debit: { owner, kind: 'available' },
        credit: { owner: other, kind: 'available' },
        asset: 'USDT',
        amount,
        code: 'internal_transfer',
      });
    expect((await refusal(send(301n))).code).toBe('insufficient_balance');
    await send(300n);
    expect(await balances(owner)).toEqual({ available: 0n, held: 200n });
  });

  it('keep one namespace of ids with transfers', async () => {
    const { buyer, holdId, post } = await setup(100n, 10n);
    const asTransfer = {
      id: holdId,
      debit: { owner: buyer, kind: 'available' as const },
      credit: { system: 'fees' as const },
      asset: 'USDT' as const,
      amount: 1n,
      code: 'trade_fee' as const,
    };
    expect((await refusal(ledger.transfer(database.db, asTransfer))).code).toBe(
      'transfer_id_reused_with_different_content',
    );
    const posted = post(5n);
    await ledger.postHold(database.db, posted);
    const again = { id: posted.id, owner: buyer, asset: 'USDT' as const, amount: 5n, code: 'order_hold' as const };
    expect((await refusal(ledger.hold(database.db, again))).code).toBe('transfer_id_reused_with_different_content');
  });

  it('reserve the amount: available shrinks, held grows, pending', async () => {
    const { buyer, holdId } = await setup(100n, 60n);
    expect(await balances(buyer)).toEqual({ available: 40n, held: 60n });
    expect(await ledger.getHold(database.db, holdId)).toMatchObject({
      owner: buyer,
      asset: 'USDT',
      amount: 60n,
      remaining: 60n,
      status: 'pending',
      settledAt: null,
    });
  });

  it('refuses a hold that available does not cover, with no effect', async () => {
    const { buyer } = await setup(100n, 60n);
    const error = await refusal(
      ledger.hold(database.db, { id: randomUUID(), owner: buyer, asset: 'USDT', amount: 41n, code: 'order_hold' }),
    );
    expect(error.code).toBe('available_balance_must_cover_hold');
    expect(await balances(buyer)).toEqual({ available: 40n, held: 60n });
  });

  it('replays a hold with the same id and content, and refuses the id with other content', async () => {
    const buyer = await createTestCustomer(database.db);
    await fundCustomer(database.db, { owner: buyer, asset: 'USDT', amount: 100n });
    const input = { id: randomUUID(), owner: buyer, asset: 'USDT' as const, amount: 30n, code: 'swap_hold' as const };
    expect((await ledger.hold(database.db, input)).status).toBe('created');
    expect((await ledger.hold(database.db, input)).status).toBe('replayed');
    expect((await refusal(ledger.hold(database.db, { ...input, amount: 31n }))).code).toBe(
      'transfer_id_reused_with_different_content',
    );
    expect(await balances(buyer)).toEqual({ available: 70n, held: 30n });
  });

  it('posts part of a hold, keeps the rest pending, and closes it as posted at zero', async () => {
    const { buyer, seller, holdId, post } = await setup(100n, 100n);
    await ledger.postHold(database.db, post(30n));
    expect(await ledger.getHold(database.db, holdId)).toMatchObject({
      postedAmount: 30n,
      remaining: 70n,
      status: 'pending',
    });
    await ledger.postHold(database.db, post(70n));
    const hold = await ledger.getHold(database.db, holdId);
    expect(hold).toMatchObject({ postedAmount: 100n, voidedAmount: 0n, remaining: 0n, status: 'posted' });
    expect(hold?.settledAt).toBeInstanceOf(Date);
    expect(await balances(buyer)).toEqual({ available: 0n, held: 0n });
    expect(await balances(seller)).toEqual({ available: 100n, held: 0n });
  });

  it('settles at most once: after posted, neither a post nor a void has any effect', async () => {
    const { seller, holdId, post } = await setup(100n, 50n);
    await ledger.postHold(database.db, post(50n));
    expect((await refusal(ledger.postHold(database.db, post(1n)))).code).toBe('hold_already_settled');
    expect((await refusal(ledger.voidHold(database.db, { holdId }))).code).toBe('hold_already_settled');
    expect(await balances(seller)).toEqual({ available: 50n, held: 0n });
  });

  it('replays a post by its id even after the hold settled, and refuses the id with other content', async () => {
    const { seller, post } = await setup(100n, 50n);
    const input = post(50n);
    const first = await ledger.postHold(database.db, input);
    expect(await ledger.postHold(database.db, input)).toEqual({ ...first, status: 'replayed' });
    expect((await refusal(ledger.postHold(database.db, { ...input, amount: 49n }))).code).toBe(
      'transfer_id_reused_with_different_content',
    );
    expect(await balances(seller)).toEqual({ available: 50n, held: 0n });
  });

  it('refuses a post larger than what the hold still holds', async () => {
    const { seller, holdId, post } = await setup(100n, 50n);
    await ledger.postHold(database.db, post(20n));
    const error = await refusal(ledger.postHold(database.db, post(31n)));
    expect(error.code).toBe('post_amount_must_not_exceed_hold');
    expect(await ledger.getHold(database.db, holdId)).toMatchObject({ remaining: 30n, status: 'pending' });
    expect(await balances(seller)).toEqual({ available: 20n, held: 0n });
  });

  it('voids the remainder back to available once, moving nothing; a second void replays the first', async () => {
    const { buyer, holdId, post } = await setup(100n, 80n);
    await ledger.postHold(database.db, post(30n));
    const voided = await ledger.voidHold(database.db, { holdId });
    expect(voided).toMatchObject({ status: 'created', amount: 50n });
    // A void moves nothing: it releases the reservation and writes no transfer.
    expect(voided.transferId).toBeNull();
    const { rows } = await database.pool.query<{ code: string; amount: string }>(
      'SELECT code, amount::text FROM ledger_transfers WHERE hold_id = $1',
      [holdId],
    );
    expect(rows).toEqual([{ code: 'trade', amount: '30' }]);
    expect(await ledger.voidHold(database.db, { holdId })).toEqual({ ...voided, status: 'replayed' });
    expect(await ledger.getHold(database.db, holdId)).toMatchObject({
      postedAmount: 30n,
      voidedAmount: 50n,
      remaining: 0n,
      status: 'voided',
    });
    expect(await balances(buyer)).toEqual({ available: 70n, held: 0n });
    expect((await refusal(ledger.postHold(database.db, post(1n)))).code).toBe('hold_already_settled');
  });

  it('refuses a post or void of a hold that does not exist', async () => {
    const seller = await createTestCustomer(database.db);
    const missing = randomUUID();
    const post = ledger.postHold(database.db, {
      id: randomUUID(),
      holdId: missing,
      credit: { owner: seller, kind: 'available' },
      amount: 1n,
      code: 'trade',
    });
    expect((await refusal(post)).code).toBe('hold_not_found');
    expect((await refusal(ledger.voidHold(database.db, { holdId: missing }))).code).toBe('hold_not_found');
  });

  it("posts only to a non-held account other than the hold's own (a void releases a hold there)", async () => {
    const { buyer, seller, post } = await setup(100n, 50n);
    const to = async (credit: PostHoldInput['credit']) =>
      (await refusal(ledger.postHold(database.db, { ...post(10n), credit }))).code;
    expect(await to({ owner: seller, kind: 'held' })).toBe('held_account_moves_only_through_holds');
    expect(await to({ owner: buyer, kind: 'available' })).toBe('accounts_must_differ');
    expect(await balances(buyer)).toEqual({ available: 50n, held: 50n });
  });

  it('settles a trade in one batch: both holds post, fees go to the house, remainders return', async () => {
    const buyer = await createTestCustomer(database.db);
    const seller = await createTestCustomer(database.db);
    await fundCustomer(database.db, { owner: buyer, asset: 'USDT', amount: 1_000n });
    await fundCustomer(database.db, { owner: seller, asset: 'BTC', amount: 10n });
    const [quoteHold, baseHold] = [randomUUID(), randomUUID()];
    await ledger.hold(database.db, { id: quoteHold, owner: buyer, asset: 'USDT', amount: 1_000n, code: 'order_hold' });
    await ledger.hold(database.db, { id: baseHold, owner: seller, asset: 'BTC', amount: 10n, code: 'order_hold' });
    const fees = (await ledger.findAccount(database.db, 'USDT', { system: 'fees' }))?.balance ?? 0n;
    await ledger.apply(database.db, [
      {
        op: 'post',
        id: randomUUID(),
        holdId: quoteHold,
        credit: { owner: seller, kind: 'available' },
        amount: 597n,
        code: 'trade',
      },
      { op: 'post', id: randomUUID(), holdId: quoteHold, credit: { system: 'fees' }, amount: 3n, code: 'trade_fee' },
      {
        op: 'post',
        id: randomUUID(),
        holdId: baseHold,
        credit: { owner: buyer, kind: 'available' },
        amount: 6n,
        code: 'trade',
      },
      { op: 'void', holdId: quoteHold },
    ]);
    const [b, s] = [await ledger.getBalances(database.db, buyer), await ledger.getBalances(database.db, seller)];
    expect(b.map((x) => [x.asset, x.available, x.held])).toEqual([
      ['BTC', 6n, 0n],
      ['USDT', 400n, 0n],
    ]);
    expect(s.map((x) => [x.asset, x.available, x.held])).toEqual([
      ['BTC', 0n, 4n],
      ['USDT', 597n, 0n],
    ]);
    expect((await ledger.findAccount(database.db, 'USDT', { system: 'fees' }))?.balance).toBe(fees + 3n);
  });

  it('places, posts and voids a hold within a single batch', async () => {
    const buyer = await createTestCustomer(database.db);
    const seller = await createTestCustomer(database.db);
    await fundCustomer(database.db, { owner: buyer, asset: 'USDT', amount: 100n });
    const holdId = randomUUID();
    const results = await ledger.apply(database.db, [
      { op: 'hold', id: holdId, owner: buyer, asset: 'USDT', amount: 60n, code: 'order_hold' },
      {
        op: 'post',
        id: randomUUID(),
        holdId,
        credit: { owner: seller, kind: 'available' },
        amount: 25n,
        code: 'trade',
      },
      { op: 'void', holdId },
    ]);
    expect(results.map((r) => [r.status, r.amount])).toEqual([
      ['created', 60n],
      ['created', 25n],
      ['created', 35n],
    ]);
    expect(await ledger.getHold(database.db, holdId)).toMatchObject({
      postedAmount: 25n,
      voidedAmount: 35n,
      status: 'voided',
    });
    expect(await balances(buyer)).toEqual({ available: 75n, held: 0n });
  });
});
