// The book's answer to an engine refusal, without a database: the dark pool values a buy at the
// asks it would take (the engine's rule), and a refused order gives its reservation back at once.
import { describe, expect, it } from 'vitest';
import type { Db } from '@rora/db';
import type { AppError } from '../../lib/errors.ts';
import { requireMarket } from '../markets/index.ts';
import { MarketBook, type BookCommand } from './market-book.ts';
import { toOrderIntent } from './order-request.ts';
import { SILENT_LOG, units } from './testing/orders-fixtures.ts';

const btc = requireMarket('BTC/USDT');

interface DarkOrder {
  orderId: string;
  userId: string;
  side: 'buy' | 'sell';
  amount: string;
  price: string;
}

function darkOrder({ orderId, userId, side, amount, price }: DarkOrder): BookCommand {
  const intent = toOrderIntent({ symbol: 'BTC/USDT', type: 'dark pool', side, orderType: 'limit', amount, price });
  return { kind: 'place', input: { orderId, userId, intent } };
}

function setup(available: Record<string, bigint>) {
  // The database is only read by start() (a rebuild), which this test never calls.
  const book = new MarketBook(btc, { db: undefined as unknown as Db, log: SILENT_LOG });
  const balances = new Map(Object.entries(available));
  const run = (...commands: BookCommand[]) =>
    book.run(book.newBatch({ now: new Date(), available: balances }), commands);
  return { book, balances, run };
}

describe('market book: the dark pool minimum at the prices a buy would trade at', () => {
  it('answers the refusal with the catalogued 400 on the amount, and gives the reservation back', () => {
    const { book, balances, run } = setup({ 'bob|BTC': units('1.8', 'BTC'), 'alice|USDT': units('150000', 'USDT') });
    expect(run(darkOrder({ orderId: 'ask', userId: 'bob', side: 'sell', amount: '1.8', price: '57000' }))).toEqual([
      { ok: true, orderId: 'ask' },
    ]);

    // In one batch: the absurd buy (0.1 at 1,000,000: 100,000 at its limit, 5,700 as it would trade),
    // then an honest one that needs the balance the first one reserved (2 at 60,000 holds 120,000).
    const [probe, honest] = run(
      darkOrder({ orderId: 'probe', userId: 'alice', side: 'buy', amount: '0.1', price: '1000000' }),
      darkOrder({ orderId: 'honest', userId: 'alice', side: 'buy', amount: '2', price: '60000' }),
    );
    expect(probe).toMatchObject({ ok: false });
    const error = (probe as { error: AppError }).error;
    expect({ code: error.code, status: error.status, field: error.field }).toEqual({
      code: 'notional_must_reach_dark_pool_minimum',
      status: 400,
      field: 'amount',
    });
    expect(honest).toEqual({ ok: true, orderId: 'honest' });
    // 150,000 − the honest order's hold of 120,000: the probe holds nothing.
    expect(balances.get('alice|USDT')).toBe(units('30000', 'USDT'));
    expect(book.openOrders().dark).toEqual([
      expect.objectContaining({
        orderId: 'honest',
        side: 'buy',
        remainingLots: Number(units('0.2', 'BTC')) / Number(btc.spec.lotSize),
      }),
    ]);
  });
});
