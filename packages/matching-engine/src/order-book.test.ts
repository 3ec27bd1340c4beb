import { describe, expect, it } from 'vitest';
import { OrderBook } from './order-book.ts';
import { collectEvents } from './emitter.ts';
import type { EngineEvent, OrderId, PlaceCommand, RejectReason } from './types.ts';

function setup(options: { hidden?: boolean; minNotionalTickLots?: number } = {}) {
  const { sink, events } = collectEvents();
  const book = new OrderBook({ sink, ...options });
  /** Events of the next command only. */
  const run = (action: () => unknown): EngineEvent[] => {
    const from = events.length;
    action();
    book.verify();
    return events.slice(from);
  };
  return { book, events, run };
}

type Order = Partial<PlaceCommand> & { orderId: OrderId };

const buy = (order: Order): PlaceCommand => ({ owner: 'a', side: 'buy', type: 'limit', qtyLots: 1, ...order });
const sell = (order: Order): PlaceCommand => ({ owner: 'a', side: 'sell', type: 'limit', qtyLots: 1, ...order });

function fills(events: EngineEvent[]) {
  return events.flatMap((e) => (e.type === 'fill' ? [[e.makerOrderId, e.priceTicks, e.qtyLots]] : []));
}

function kinds(events: EngineEvent[]) {
  return events.map((e) => (e.type === 'cancelled' ? `cancelled:${e.reason}:${e.orderId}` : `${e.type}`));
}

describe('limit GTC', () => {
  it('rests when nothing crosses and shows in depth', () => {
    const { book, run } = setup();
    const events = run(() => book.place(buy({ orderId: 1, priceTicks: 100, qtyLots: 5 })));
    expect(events).toEqual([
      { type: 'accepted', orderId: 1, owner: 'a' },
      { type: 'rested', orderId: 1, owner: 'a', side: 'buy', priceTicks: 100, remainingLots: 5 },
    ]);
    expect(book.depth()).toEqual({ bids: [{ priceTicks: 100, qtyLots: 5, orderCount: 1 }], asks: [] });
  });

  it('fills at the maker price, best price first, then oldest first, and rests the rest', () => {
    const { book, run } = setup();
    book.place(sell({ orderId: 1, owner: 'm1', priceTicks: 101, qtyLots: 2 }));
    book.place(sell({ orderId: 2, owner: 'm2', priceTicks: 100, qtyLots: 2 }));
    book.place(sell({ orderId: 3, owner: 'm3', priceTicks: 100, qtyLots: 2 }));
    const events = run(() => book.place(buy({ orderId: 9, owner: 't', priceTicks: 102, qtyLots: 7 })));
    expect(fills(events)).toEqual([
      [2, 100, 2],
      [3, 100, 2],
      [1, 101, 2],
    ]);
    expect(events.at(-1)).toEqual({
      type: 'rested',
      orderId: 9,
      owner: 't',
      side: 'buy',
      priceTicks: 102,
      remainingLots: 1,
    });
    expect(book.bestBidTicks()).toBe(102);
    expect(book.bestAskTicks()).toBeUndefined();
  });

  it('leaves a partly filled maker at the front of its queue', () => {
    const { book, run } = setup();
    book.place(sell({ orderId: 1, owner: 'm', priceTicks: 100, qtyLots: 5 }));
    book.place(sell({ orderId: 2, owner: 'm', priceTicks: 100, qtyLots: 5 }));
    run(() => book.place(buy({ orderId: 3, owner: 't', priceTicks: 100, qtyLots: 2 })));
    const events = run(() => book.place(buy({ orderId: 4, owner: 't', priceTicks: 100, qtyLots: 4 })));
    expect(fills(events)).toEqual([
      [1, 100, 3],
      [2, 100, 1],
    ]);
    expect(book.openOrders()).toEqual([{ orderId: 2, owner: 'm', side: 'sell', priceTicks: 100, remainingLots: 4 }]);
  });

  it('reports each maker that fills completely as done', () => {
    const { book, run } = setup();
    book.place(sell({ orderId: 1, owner: 'm', priceTicks: 100, qtyLots: 2 }));
    const events = run(() => book.place(buy({ orderId: 2, owner: 't', priceTicks: 100, qtyLots: 2 })));
    expect(kinds(events)).toEqual(['accepted', 'fill', 'done', 'done']);
    expect(events[1]).toMatchObject({ makerRemainingLots: 0, takerRemainingLots: 0, takerSide: 'buy' });
    expect(events.slice(2)).toEqual([
      { type: 'done', orderId: 1, owner: 'm' },
      { type: 'done', orderId: 2, owner: 't' },
    ]);
  });
});

describe('time in force', () => {
  const cases: Array<{ name: string; taker: PlaceCommand; expected: string[]; filled: number; open: number }> = [
    {
      name: 'IOC fills what crosses and cancels the remainder',
      taker: buy({ orderId: 9, owner: 't', priceTicks: 101, qtyLots: 10, timeInForce: 'IOC' }),
      expected: ['accepted', 'fill', 'done', 'fill', 'done', 'cancelled:ioc_remainder:9'],
      filled: 7,
      open: 1,
    },
    {
      name: 'IOC with nothing crossing cancels everything',
      taker: buy({ orderId: 9, owner: 't', priceTicks: 99, qtyLots: 10, timeInForce: 'IOC' }),
      expected: ['accepted', 'cancelled:ioc_remainder:9'],
      filled: 0,
      open: 3,
    },
    {
      name: 'FOK fills completely across levels',
      taker: buy({ orderId: 9, owner: 't', priceTicks: 101, qtyLots: 7, timeInForce: 'FOK' }),
      expected: ['accepted', 'fill', 'done', 'fill', 'done', 'done'],
      filled: 7,
      open: 1,
    },
    {
      name: 'FOK is cancelled untouched when only part is available at its limit',
      taker: buy({ orderId: 9, owner: 't', priceTicks: 101, qtyLots: 8, timeInForce: 'FOK' }),
      expected: ['accepted', 'cancelled:fok_unfillable:9'],
      filled: 0,
      open: 3,
    },
    {
      name: 'FOK does not count its own owner’s orders as available',
      taker: buy({ orderId: 9, owner: 'm2', priceTicks: 101, qtyLots: 4, timeInForce: 'FOK' }),
      expected: ['accepted', 'cancelled:fok_unfillable:9'],
      filled: 0,
      open: 3,
    },
  ];

  it.each(cases)('$name', ({ taker, expected, filled, open }) => {
    const { book, run } = setup();
    book.place(sell({ orderId: 1, owner: 'm1', priceTicks: 100, qtyLots: 3 }));
    book.place(sell({ orderId: 2, owner: 'm2', priceTicks: 101, qtyLots: 4 }));
    book.place(sell({ orderId: 3, owner: 'm3', priceTicks: 102, qtyLots: 5 }));
    const events = run(() => book.place(taker));
    expect(kinds(events)).toEqual(expected);
    expect(fills(events).reduce((sum, [, , qty]) => sum + (qty as number), 0)).toBe(filled);
    expect(book.openOrderCount).toBe(open);
  });
});

describe('post-only', () => {
  it('rests when it would not take liquidity', () => {
    const { book, run } = setup();
    book.place(sell({ orderId: 1, owner: 'm', priceTicks: 101 }));
    const events = run(() => book.place(buy({ orderId: 2, priceTicks: 100, postOnly: true })));
    expect(kinds(events)).toEqual(['accepted', 'rested']);
  });

  it('is cancelled instead of crossing, even against its own owner, and leaves the book as it was', () => {
    const { book, run } = setup();
    book.place(sell({ orderId: 1, owner: 'a', priceTicks: 101, qtyLots: 3 }));
    const events = run(() => book.place(buy({ orderId: 2, owner: 'a', priceTicks: 101, qtyLots: 4, postOnly: true })));
    expect(events.at(-1)).toEqual({
      type: 'cancelled',
      orderId: 2,
      owner: 'a',
      remainingLots: 4,
      reason: 'post_only_would_cross',
    });
    expect(book.openOrders().map((o) => o.orderId)).toEqual([1]);
  });
});

describe('self-trade prevention (cancel the resting order)', () => {
  it('cancels the owner’s resting order and goes on matching others behind it', () => {
    const { book, run } = setup();
    book.place(sell({ orderId: 1, owner: 'a', priceTicks: 100, qtyLots: 2 }));
    book.place(sell({ orderId: 2, owner: 'b', priceTicks: 100, qtyLots: 2 }));
    const events = run(() => book.place(buy({ orderId: 3, owner: 'a', priceTicks: 100, qtyLots: 2 })));
    expect(kinds(events)).toEqual(['accepted', 'cancelled:self_trade:1', 'fill', 'done', 'done']);
    expect(events[1]).toMatchObject({ remainingLots: 2, owner: 'a' });
    expect(fills(events)).toEqual([[2, 100, 2]]);
    expect(book.openOrderCount).toBe(0);
  });

  it('applies to market orders too, which then find no other liquidity', () => {
    const { book, run } = setup();
    book.place(buy({ orderId: 1, owner: 'a', priceTicks: 100, qtyLots: 2 }));
    const events = run(() => book.place({ orderId: 2, owner: 'a', side: 'sell', type: 'market', qtyLots: 1 }));
    expect(kinds(events)).toEqual(['accepted', 'cancelled:self_trade:1', 'cancelled:market_no_liquidity:2']);
  });
});

describe('market orders', () => {
  it('are cancelled whole when the book is empty', () => {
    const { book, run } = setup();
    const events = run(() => book.place({ orderId: 1, owner: 'a', side: 'buy', type: 'market', qtyLots: 5 }));
    expect(events).toEqual([
      { type: 'accepted', orderId: 1, owner: 'a' },
      { type: 'cancelled', orderId: 1, owner: 'a', remainingLots: 5, reason: 'market_no_liquidity' },
    ]);
  });

  it('sweep every price and cancel what the book cannot fill', () => {
    const { book, run } = setup();
    book.place(buy({ orderId: 1, owner: 'm', priceTicks: 100, qtyLots: 2 }));
    book.place(buy({ orderId: 2, owner: 'm', priceTicks: 50, qtyLots: 2 }));
    const events = run(() => book.place({ orderId: 3, owner: 't', side: 'sell', type: 'market', qtyLots: 5 }));
    expect(fills(events)).toEqual([
      [1, 100, 2],
      [2, 50, 2],
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'cancelled', remainingLots: 1, reason: 'market_no_liquidity' });
  });

  const budgetCases = [
    {
      name: 'stop when the budget cannot buy one more lot',
      budget: 350,
      fillsExpected: [
        [1, 100, 2],
        [2, 120, 1],
      ],
      last: 'done',
    },
    {
      name: 'are done when the budget is spent exactly, even if the book empties',
      budget: 440,
      fillsExpected: [
        [1, 100, 2],
        [2, 120, 2],
      ],
      last: 'done',
    },
    {
      name: 'are cancelled when the book runs out before the budget',
      budget: 1000,
      fillsExpected: [
        [1, 100, 2],
        [2, 120, 2],
      ],
      last: 'cancelled:market_no_liquidity:3',
    },
  ];

  it.each(budgetCases)('with a quote budget $name', ({ budget, fillsExpected, last }) => {
    const { book, run } = setup();
    book.place(sell({ orderId: 1, owner: 'm', priceTicks: 100, qtyLots: 2 }));
    book.place(sell({ orderId: 2, owner: 'm', priceTicks: 120, qtyLots: 2 }));
    const events = run(() =>
      book.place({ orderId: 3, owner: 't', side: 'buy', type: 'market', budgetTickLots: budget }),
    );
    expect(fills(events)).toEqual(fillsExpected);
    expect(kinds(events).at(-1)).toBe(last);
    expect(events.filter((e) => e.type === 'fill').every((e) => e.takerRemainingLots === 0)).toBe(true);
  });
});

describe('cancel', () => {
  it('removes an open order and reports what was left', () => {
    const { book, run } = setup();
    book.place(buy({ orderId: 'x', priceTicks: 100, qtyLots: 3 }));
    const events = run(() => expect(book.cancel('x')).toBe(true));
    expect(events).toEqual([{ type: 'cancelled', orderId: 'x', owner: 'a', remainingLots: 3, reason: 'user' }]);
    expect(book.depth()).toEqual({ bids: [], asks: [] });
  });

  it.each([
    { name: 'an unknown id', prepare: () => {} },
    {
      name: 'an order already cancelled',
      prepare: (b: OrderBook) => (b.place(buy({ orderId: 'x', priceTicks: 1 })), b.cancel('x')),
    },
    {
      name: 'an order already filled',
      prepare: (b: OrderBook) => (
        b.place(buy({ orderId: 'x', priceTicks: 1 })),
        b.place(sell({ orderId: 'y', owner: 'b', priceTicks: 1 }))
      ),
    },
  ])('refuses $name', ({ prepare }) => {
    const { book, run } = setup();
    prepare(book);
    const events = run(() => expect(book.cancel('x')).toBe(false));
    expect(events).toEqual([{ type: 'rejected', orderId: 'x', reason: 'order_must_be_open' }]);
  });

  it('takes a middle order out of a long queue and keeps the others in time order', () => {
    const { book } = setup();
    for (let id = 1; id <= 1000; id += 1) book.place(buy({ orderId: id, priceTicks: 100 }));
    book.cancel(500);
    book.cancel(1);
    book.cancel(1000);
    book.verify();
    const ids = book.openOrders().map((o) => o.orderId);
    expect(ids).toHaveLength(997);
    expect(ids.slice(0, 2)).toEqual([2, 3]);
    expect(ids.includes(500)).toBe(false);
    expect(book.depth()).toEqual({ bids: [{ priceTicks: 100, qtyLots: 997, orderCount: 997 }], asks: [] });
  });
});

describe('validation', () => {
  const cases: Array<{ reason: RejectReason; command: PlaceCommand }> = [
    { reason: 'side_must_be_buy_or_sell', command: buy({ orderId: 1, priceTicks: 1, side: 'hold' as 'buy' }) },
    { reason: 'type_must_be_limit_or_market', command: buy({ orderId: 1, priceTicks: 1, type: 'stop' as 'limit' }) },
    {
      reason: 'time_in_force_must_be_gtc_ioc_or_fok',
      command: buy({ orderId: 1, priceTicks: 1, timeInForce: 'GTD' as 'GTC' }),
    },
    { reason: 'price_must_be_positive_whole_ticks', command: buy({ orderId: 1, priceTicks: 0 }) },
    { reason: 'price_must_be_positive_whole_ticks', command: buy({ orderId: 1, priceTicks: 10.5 }) },
    { reason: 'price_must_be_positive_whole_ticks', command: buy({ orderId: 1, priceTicks: 2 ** 53 }) },
    { reason: 'price_must_be_positive_whole_ticks', command: buy({ orderId: 1 }) },
    { reason: 'quantity_must_be_positive_whole_lots', command: buy({ orderId: 1, priceTicks: 1, qtyLots: -1 }) },
    {
      reason: 'quantity_must_be_positive_whole_lots',
      command: buy({ orderId: 1, priceTicks: 1, qtyLots: Number.NaN }),
    },
    { reason: 'notional_must_fit_engine_range', command: buy({ orderId: 1, priceTicks: 2 ** 30, qtyLots: 2 ** 30 }) },
    { reason: 'budget_applies_to_market_buy_only', command: buy({ orderId: 1, priceTicks: 1, budgetTickLots: 5 }) },
    {
      reason: 'post_only_requires_limit_gtc',
      command: buy({ orderId: 1, priceTicks: 1, postOnly: true, timeInForce: 'IOC' }),
    },
    { reason: 'market_order_takes_no_price', command: buy({ orderId: 1, type: 'market', priceTicks: 1 }) },
    { reason: 'market_order_must_be_ioc', command: buy({ orderId: 1, type: 'market', timeInForce: 'GTC' }) },
    { reason: 'post_only_requires_limit_gtc', command: buy({ orderId: 1, type: 'market', postOnly: true }) },
    { reason: 'quantity_must_be_positive_whole_lots', command: sell({ orderId: 1, type: 'market', qtyLots: 0 }) },
    {
      reason: 'budget_applies_to_market_buy_only',
      command: { orderId: 1, owner: 'a', side: 'sell', type: 'market', budgetTickLots: 5 },
    },
    { reason: 'market_buy_takes_quantity_or_budget', command: buy({ orderId: 1, type: 'market', budgetTickLots: 5 }) },
    {
      reason: 'budget_must_be_positive_whole_tick_lots',
      command: { orderId: 1, owner: 'a', side: 'buy', type: 'market', budgetTickLots: 0.5 },
    },
  ];

  it.each(cases)('refuses with $reason', ({ reason, command }) => {
    const { book, run } = setup();
    expect(run(() => book.place(command))).toEqual([{ type: 'rejected', orderId: 1, reason }]);
    expect(book.openOrderCount).toBe(0);
  });

  it('refuses an id that is open, and takes it again once that order is closed', () => {
    const { book, run } = setup();
    book.place(buy({ orderId: 7, priceTicks: 100 }));
    expect(run(() => book.place(buy({ orderId: 7, priceTicks: 90 })))).toEqual([
      { type: 'rejected', orderId: 7, reason: 'order_id_must_be_unique' },
    ]);
    book.cancel(7);
    expect(kinds(run(() => book.place(buy({ orderId: 7, priceTicks: 90 }))))).toEqual(['accepted', 'rested']);
  });

  it('leaves the open order untouched (queue, arrival order, quantity) when its id comes again', () => {
    const { book, run } = setup();
    book.place(buy({ orderId: 'x', priceTicks: 100, qtyLots: 2 }));
    book.place(buy({ orderId: 'y', priceTicks: 100, qtyLots: 3 }));
    const before = book.openOrders();
    for (const repeat of [
      buy({ orderId: 'x', priceTicks: 100, qtyLots: 9 }),
      buy({ orderId: 'x', priceTicks: 100, qtyLots: 9, timeInForce: 'IOC' }),
      sell({ orderId: 'y', priceTicks: 90, qtyLots: 9, postOnly: true }),
      sell({ orderId: 'x', type: 'market', qtyLots: 9 }),
    ]) {
      expect(run(() => book.place(repeat))).toEqual([
        { type: 'rejected', orderId: repeat.orderId, reason: 'order_id_must_be_unique' },
      ]);
    }
    expect(book.openOrders()).toEqual(before);
    expect(book.openOrderCount).toBe(2);
    expect(fills(run(() => book.place(sell({ orderId: 'z', owner: 'b', priceTicks: 100, qtyLots: 4 }))))).toEqual([
      ['x', 100, 2],
      ['y', 100, 2],
    ]);
    expect(book.has('x')).toBe(false);
    expect(book.has('y')).toBe(true);
    expect(book.cancel('y')).toBe(true);
    expect(book.openOrderCount).toBe(0);
  });
});

describe('large quantities', () => {
  it('fills, rests and lists quantities beyond 32 bits exactly', () => {
    const { book, run } = setup();
    const big = Number.MAX_SAFE_INTEGER;
    book.place(sell({ orderId: 1, owner: 'm', priceTicks: 1, qtyLots: big }));
    const taken = 2 ** 40 + 3;
    const events = run(() => book.place(buy({ orderId: 2, owner: 't', priceTicks: 1, qtyLots: taken })));
    expect(events.find((e) => e.type === 'fill')).toMatchObject({ qtyLots: taken, makerRemainingLots: big - taken });
    expect(book.openOrders()).toEqual([
      { orderId: 1, owner: 'm', side: 'sell', priceTicks: 1, remainingLots: big - taken },
    ]);
    expect(book.depth()).toEqual({ bids: [], asks: [{ priceTicks: 1, qtyLots: big - taken, orderCount: 1 }] });
    expect(run(() => book.cancel(1))).toEqual([
      { type: 'cancelled', orderId: 1, owner: 'm', remainingLots: big - taken, reason: 'user' },
    ]);
  });
});

describe('hidden (dark) book', () => {
  it('takes limit orders that reach the minimum notional and matches them', () => {
    const { book, run } = setup({ hidden: true, minNotionalTickLots: 1000 });
    expect(kinds(run(() => book.place(sell({ orderId: 1, owner: 'm', priceTicks: 100, qtyLots: 10 }))))).toEqual([
      'accepted',
      'rested',
    ]);
    const events = run(() => book.place(buy({ orderId: 2, owner: 't', priceTicks: 100, qtyLots: 10 })));
    expect(fills(events)).toEqual([[1, 100, 10]]);
  });

  it.each([
    { reason: 'notional_must_reach_dark_pool_minimum', command: buy({ orderId: 1, priceTicks: 100, qtyLots: 9 }) },
    { reason: 'dark_pool_accepts_limit_orders_only', command: buy({ orderId: 1, type: 'market', qtyLots: 100 }) },
  ])('refuses with $reason', ({ reason, command }) => {
    const { book, run } = setup({ hidden: true, minNotionalTickLots: 1000 });
    expect(run(() => book.place(command))).toEqual([{ type: 'rejected', orderId: 1, reason }]);
  });

  describe('a buy is valued at the prices it would trade at', () => {
    // Minimum 10,000 tick-lots; asks of other owners: 5 lots at 100, 5 at 110.
    function darkBook() {
      const context = setup({ hidden: true, minNotionalTickLots: 10_000 });
      context.book.place(sell({ orderId: 1, owner: 'm', priceTicks: 100, qtyLots: 100 }));
      context.book.place(sell({ orderId: 2, owner: 'm', priceTicks: 110, qtyLots: 100 }));
      return context;
    }

    it('refuses a small buy at an absurd limit that would fill at the asks (the tester’s case)', () => {
      const { book, run } = darkBook();
      // 10 lots × 100,000 ticks passes at the limit, but would fill 10 lots at 100: 1,000 tick-lots.
      const events = run(() => book.place(buy({ orderId: 3, owner: 't', priceTicks: 100_000, qtyLots: 10 })));
      expect(events).toEqual([{ type: 'rejected', orderId: 3, reason: 'notional_must_reach_dark_pool_minimum' }]);
      expect(book.openOrders().map((o) => [o.orderId, o.remainingLots])).toEqual([
        [1, 100],
        [2, 100],
      ]);
      expect(book.has(3)).toBe(false);
    });

    it('refuses a buy that takes every ask under its limit and whose rest is too small', () => {
      const { book, run } = darkBook();
      // 95 lots at 200 (19,000 at its limit) would all fill at 100: 9,500 < 10,000.
      const refused = run(() => book.place(buy({ orderId: 3, owner: 't', priceTicks: 200, qtyLots: 95 })));
      expect(kinds(refused)).toEqual(['rejected']);
    });

    it('accepts a buy whose fills at the asks plus the rest at its limit reach the minimum', () => {
      const { book, run } = darkBook();
      // 100 × 100 + 100 × 110 = 21,000 ≥ 10,000 with a limit of 120; fills both levels.
      const events = run(() => book.place(buy({ orderId: 3, owner: 't', priceTicks: 120, qtyLots: 200 })));
      expect(fills(events)).toEqual([
        [1, 100, 100],
        [2, 110, 100],
      ]);
    });

    it('counts the rest at its limit, exactly at the minimum', () => {
      // An ask with 50 lots left at 100 (placed as 200 lots, 150 of them taken by another buyer).
      function withAskOf50() {
        const context = setup({ hidden: true, minNotionalTickLots: 10_000 });
        context.book.place(sell({ orderId: 1, owner: 'm', priceTicks: 100, qtyLots: 200 }));
        context.book.place(buy({ orderId: 2, owner: 'v', priceTicks: 100, qtyLots: 150 }));
        return context;
      }
      // 50 × 100 taken + 25 × 200 resting = 10,000: accepted, fills 50 and rests 25.
      const accepted = withAskOf50();
      const events = accepted.run(() =>
        accepted.book.place(buy({ orderId: 3, owner: 't', priceTicks: 200, qtyLots: 75 })),
      );
      expect(kinds(events)).toEqual(['accepted', 'fill', 'done', 'rested']);
      expect(accepted.book.openOrders()).toEqual([
        { orderId: 3, owner: 't', side: 'buy', priceTicks: 200, remainingLots: 25 },
      ]);
      // One lot less: 50 × 100 + 24 × 200 = 9,800 (14,800 at its limit): refused.
      const refused = withAskOf50();
      expect(
        kinds(refused.run(() => refused.book.place(buy({ orderId: 3, owner: 't', priceTicks: 200, qtyLots: 74 })))),
      ).toEqual(['rejected']);
    });

    it('judges a buy with no ask under its limit at its limit, as before', () => {
      const { book, run } = darkBook();
      expect(kinds(run(() => book.place(buy({ orderId: 3, owner: 't', priceTicks: 99, qtyLots: 102 }))))).toEqual([
        'accepted',
        'rested',
      ]);
      expect(kinds(run(() => book.place(buy({ orderId: 4, owner: 't', priceTicks: 99, qtyLots: 101 }))))).toEqual([
        'rejected',
      ]);
    });

    it('leaves a sell judged at its limit: it trades at or above it', () => {
      const { book, run } = setup({ hidden: true, minNotionalTickLots: 10_000 });
      book.place(buy({ orderId: 1, owner: 'm', priceTicks: 1000, qtyLots: 100 }));
      // 10 lots at a limit of 1,000 = 10,000: accepted, and fills at the bid's 1,000.
      const events = run(() => book.place(sell({ orderId: 2, owner: 't', priceTicks: 1000, qtyLots: 10 })));
      expect(fills(events)).toEqual([[1, 1000, 10]]);
      const refused = run(() => book.place(sell({ orderId: 3, owner: 't', priceTicks: 999, qtyLots: 10 })));
      expect(refused).toEqual([{ type: 'rejected', orderId: 3, reason: 'notional_must_reach_dark_pool_minimum' }]);
    });

    it('counts the buyer’s own asks as filled: a lower value, so it errs towards refusing', () => {
      const { book, run } = setup({ hidden: true, minNotionalTickLots: 10_000 });
      // The buyer's own ask: 2,000 lots at 10, of which another buyer takes 1,900.
      book.place(sell({ orderId: 1, owner: 't', priceTicks: 10, qtyLots: 2000 }));
      book.place(buy({ orderId: 9, owner: 'u', priceTicks: 11, qtyLots: 1900 }));
      // Valued 100 × 10 + 10 × 500 = 6,000, though the own ask would be cancelled and 110 × 500 rest.
      const events = run(() => book.place(buy({ orderId: 2, owner: 't', priceTicks: 500, qtyLots: 110 })));
      expect(kinds(events)).toEqual(['rejected']);
      expect(book.has(1)).toBe(true);
    });
  });

  it('has no depth to show', () => {
    const { book } = setup({ hidden: true, minNotionalTickLots: 1000 });
    expect(() => book.depth()).toThrow(/no public depth/);
  });
});

describe('depth', () => {
  it('aggregates each price, best first, and cuts at the number of levels asked', () => {
    const { book } = setup();
    book.place(buy({ orderId: 1, priceTicks: 98, qtyLots: 1 }));
    book.place(buy({ orderId: 2, priceTicks: 99, qtyLots: 2 }));
    book.place(buy({ orderId: 3, priceTicks: 99, qtyLots: 3 }));
    book.place(sell({ orderId: 4, priceTicks: 102, qtyLots: 4 }));
    book.place(sell({ orderId: 5, priceTicks: 101, qtyLots: 5 }));
    expect(book.depth(1)).toEqual({
      bids: [{ priceTicks: 99, qtyLots: 5, orderCount: 2 }],
      asks: [{ priceTicks: 101, qtyLots: 5, orderCount: 1 }],
    });
    expect(book.depth().bids.map((l) => l.priceTicks)).toEqual([99, 98]);
    expect(book.depth().asks.map((l) => l.priceTicks)).toEqual([101, 102]);
  });
});

describe('restore', () => {
  const open = [
    { orderId: 1, owner: 'a', side: 'buy' as const, priceTicks: 99, remainingLots: 2 },
    { orderId: 2, owner: 'b', side: 'buy' as const, priceTicks: 99, remainingLots: 3 },
    { orderId: 3, owner: 'c', side: 'sell' as const, priceTicks: 101, remainingLots: 4 },
  ];

  it('rebuilds the queues in the order given, silently', () => {
    const { book, events } = setup();
    book.restore(open);
    expect(events).toEqual([]);
    expect(book.openOrders()).toEqual(open);
    book.place(sell({ orderId: 4, owner: 'd', priceTicks: 99, qtyLots: 3 }));
    expect(book.openOrders().map((o) => [o.orderId, o.remainingLots])).toEqual([
      [2, 2],
      [3, 4],
    ]);
  });

  it.each([
    { name: 'a crossed book', orders: [...open, { ...open[2]!, orderId: 4, priceTicks: 99 }], error: /crossed/ },
    { name: 'a repeated id', orders: [...open, open[0]!], error: /appears twice/ },
    { name: 'an order with nothing left', orders: [{ ...open[0]!, remainingLots: 0 }], error: /remainingLots/ },
    { name: 'a fractional price', orders: [{ ...open[0]!, priceTicks: 1.5 }], error: /priceTicks/ },
  ])('refuses $name', ({ orders, error }) => {
    expect(() => setup().book.restore(orders)).toThrow(error);
  });

  it('refuses to restore into a book that already holds orders', () => {
    const { book } = setup();
    book.place(buy({ orderId: 1, priceTicks: 1 }));
    expect(() => book.restore(open)).toThrow(/empty book/);
  });
});
