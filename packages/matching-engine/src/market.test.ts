import { describe, expect, it } from 'vitest';
import { Market } from './market.ts';
import { collectEvents } from './emitter.ts';
import type { PlaceCommand } from './types.ts';

function setup() {
  const lit = collectEvents();
  const dark = collectEvents();
  const market = new Market({ litSink: lit.sink, darkSink: dark.sink, darkMinNotionalTickLots: 10_000 });
  return { market, lit: lit.events, dark: dark.events };
}

const order = (fields: Partial<PlaceCommand> & Pick<PlaceCommand, 'orderId' | 'owner' | 'side'>): PlaceCommand => ({
  type: 'limit',
  priceTicks: 100,
  qtyLots: 100,
  ...fields,
});

describe('market with a dark pool', () => {
  it('keeps dark orders out of public depth and out of the public event stream', () => {
    const { market, lit, dark } = setup();
    market.place({ ...order({ orderId: 'd1', owner: 'x', side: 'sell' }), dark: true });
    expect(market.depth()).toEqual({ bids: [], asks: [] });
    expect(market.bestAskTicks()).toBeUndefined();
    expect(lit).toEqual([]);
    expect(dark.map((e) => e.type)).toEqual(['accepted', 'rested']);
  });

  it('matches dark orders only with each other, never with the lit book', () => {
    const { market, lit, dark } = setup();
    market.place(order({ orderId: 'l1', owner: 'x', side: 'sell', priceTicks: 90 }));
    market.place({ ...order({ orderId: 'd1', owner: 'y', side: 'buy' }), dark: true });
    expect(lit.filter((e) => e.type === 'fill')).toEqual([]);
    expect(dark.filter((e) => e.type === 'fill')).toEqual([]);
    market.place({ ...order({ orderId: 'd2', owner: 'z', side: 'sell' }), dark: true });
    expect(dark.filter((e) => e.type === 'fill')).toMatchObject([
      { makerOrderId: 'd1', takerOrderId: 'd2', priceTicks: 100, qtyLots: 100 },
    ]);
    expect(market.depth().asks).toEqual([{ priceTicks: 90, qtyLots: 100, orderCount: 1 }]);
  });

  it('refuses dark market orders and dark orders below the minimum notional', () => {
    const { market, dark } = setup();
    market.place({ orderId: 'm', owner: 'x', side: 'buy', type: 'market', qtyLots: 1000, dark: true });
    market.place({ ...order({ orderId: 's', owner: 'x', side: 'buy', qtyLots: 99 }), dark: true });
    expect(dark).toEqual([
      { type: 'rejected', orderId: 'm', reason: 'dark_pool_accepts_limit_orders_only' },
      { type: 'rejected', orderId: 's', reason: 'notional_must_reach_dark_pool_minimum' },
    ]);
  });

  it('keeps order ids unique across both books', () => {
    const { market, lit, dark } = setup();
    market.place({ ...order({ orderId: 7, owner: 'x', side: 'buy' }), dark: true });
    market.place(order({ orderId: 7, owner: 'x', side: 'buy' }));
    expect(lit).toEqual([{ type: 'rejected', orderId: 7, reason: 'order_id_must_be_unique' }]);
    market.place(order({ orderId: 8, owner: 'x', side: 'buy' }));
    market.place({ ...order({ orderId: 8, owner: 'x', side: 'buy' }), dark: true });
    expect(dark.at(-1)).toEqual({ type: 'rejected', orderId: 8, reason: 'order_id_must_be_unique' });
  });

  it('cancels in whichever book holds the order', () => {
    const { market, lit, dark } = setup();
    market.place({ ...order({ orderId: 'd', owner: 'x', side: 'buy' }), dark: true });
    market.place(order({ orderId: 'l', owner: 'x', side: 'buy' }));
    expect(market.cancel('d')).toBe(true);
    expect(market.cancel('l')).toBe(true);
    expect(market.cancel('nothing')).toBe(false);
    expect(dark.at(-1)).toMatchObject({ type: 'cancelled', orderId: 'd', reason: 'user' });
    expect(lit.slice(-2)).toEqual([
      { type: 'cancelled', orderId: 'l', owner: 'x', remainingLots: 100, reason: 'user' },
      { type: 'rejected', orderId: 'nothing', reason: 'order_must_be_open' },
    ]);
  });

  it('lists and restores both books, refusing an id open in both', () => {
    const { market } = setup();
    market.place({ ...order({ orderId: 'd', owner: 'x', side: 'buy' }), dark: true });
    market.place(order({ orderId: 'l', owner: 'x', side: 'sell', priceTicks: 120 }));
    const open = market.openOrders();
    const copy = setup().market;
    copy.restore(open);
    copy.verify();
    expect(copy.openOrders()).toEqual(open);
    expect(copy.depth().asks).toEqual([{ priceTicks: 120, qtyLots: 100, orderCount: 1 }]);
    expect(() => setup().market.restore({ lit: open.dark, dark: open.dark })).toThrow(/both books/);
  });
});
