// The venues without a database: the simulated platforms quote around the sandbox curve with their
// own spread and depth, deterministically in time, and execute by walking that depth; the ccxt
// adapter maps a live exchange's floats onto the market's ticks and lots; the reference price is the
// median of the external platforms.
import { describe, expect, it } from 'vitest';
import { VENUES } from '@rora/contracts';
import { ManualClock } from '../../lib/clock.ts';
import { requireMarket } from '../markets/index.ts';
import { createCcxtVenue, type CcxtExchange } from './ccxt-venue.ts';
import { createSimulatedVenues, createVenuesModule, curveParams, curvePrice, walkDepth } from './index.ts';

const btc = requireMarket('BTC/USDT');
const clock = new ManualClock('2026-03-01T12:00:00Z');

describe('simulated platforms', () => {
  const venues = createSimulatedVenues(clock, 0);

  it('quote near the sandbox curve, each with its own bias and spread, on the market’s ticks', async () => {
    const curve = curvePrice(curveParams('BTC/USDT'), clock.now().getTime());
    const quotes = await Promise.all(venues.map((venue) => venue.quote(btc)));
    for (const quote of quotes) {
      expect(quote.bid! < quote.ask!).toBe(true);
      expect(quote.bid! % btc.spec.tickSize).toBe(0n);
      expect(Math.abs(Number(quote.price!) / 1e6 / curve - 1)).toBeLessThan(0.002);
    }
    expect(new Set(quotes.map((quote) => quote.price)).size).toBeGreaterThan(3);
    expect(await venues[0]!.quote(btc)).toEqual(quotes[0]);
  });

  it('execute a buy by walking the asks, never beyond the amount or the budget', async () => {
    const fills = await venues[1]!.execute({ market: btc, side: 'buy', quantity: 2_00000000n, clientOrderId: 'x' });
    expect(fills.reduce((sum, fill) => sum + fill.quantity, 0n)).toBe(2_00000000n);
    const depth = await venues[1]!.depth(btc, 5);
    expect(fills[0]!.price).toBe(depth.asks[0]![0]);
    const budget = 1_000_000_000n;
    const spent = walkDepth(btc, depth.asks, { budget }).reduce(
      (sum, fill) => sum + (fill.price * fill.quantity) / 10n ** 8n,
      0n,
    );
    expect(spent).toBeLessThanOrEqual(budget);
    expect(budget - spent).toBeLessThan(depth.asks[0]![0] / 10_000n);
  });

  it('give a reference price: the median of the external platforms', async () => {
    const service = createVenuesModule({ clock, mode: 'simulated', adapters: venues });
    const mids = (await Promise.all(venues.map((venue) => venue.quote(btc))))
      .map((quote) => quote.price!)
      .sort((a, b) => (a < b ? -1 : 1));
    const reference = await service.referencePrice(btc);
    expect(reference).toBe(((mids[2]! + mids[3]!) / 2n / btc.spec.tickSize) * btc.spec.tickSize);
    const prices = await service.prices(btc);
    expect(prices.map((price) => price.venue.id)).toEqual(VENUES.map((venue) => venue.id));
    expect(prices[0]!.quote?.price).toBeNull();
  });
});

describe('the ccxt adapter', () => {
  const exchange: CcxtExchange = {
    fetchTicker: async () => ({ bid: 65000.12, ask: 65000.27, last: 65000.2 }),
    fetchOrderBook: async () => ({
      bids: [
        [65000.12, 0.5],
        [64999.99, 1e-7],
      ],
      asks: [[65000.27, 0.25]],
    }),
    createOrder: async (_symbol, _type, _side, amount) => ({ trades: [{ price: 65000.27, amount }] }),
  };
  const venue = createCcxtVenue(VENUES[1]!, exchange);

  it('maps floats onto ticks (bids down, asks up) and lots, dropping dust levels', async () => {
    expect(await venue.quote(btc)).toMatchObject({ bid: 65000_100000n, ask: 65000_300000n });
    expect(await venue.depth(btc, 10)).toEqual({
      bids: [[65000_100000n, 50000000n]],
      asks: [[65000_300000n, 25000000n]],
    });
  });

  it('executes a market order with Rora’s order id and maps its trades', async () => {
    const fills = await venue.execute({ market: btc, side: 'buy', quantity: 1_000000n, clientOrderId: 'order-1' });
    expect(fills).toEqual([{ price: 65000_300000n, quantity: 1_000000n }]);
  });

  it('buys by total with the platform’s cost order when it has one, else for what the asks give', async () => {
    const costs: number[] = [];
    const withCost = createCcxtVenue(VENUES[1]!, {
      ...exchange,
      createMarketBuyOrderWithCost: async (_symbol, cost) => {
        costs.push(cost);
        return { trades: [{ price: 65000.27, amount: 0.001 }] };
      },
    });
    const budget = { market: btc, side: 'buy' as const, budget: 65_010000n, clientOrderId: 'order-2' };
    expect(await withCost.execute(budget)).toEqual([{ price: 65000_300000n, quantity: 100000n }]);
    expect(costs).toEqual([65.01]);
    const amounts: number[] = [];
    const byAsks = createCcxtVenue(VENUES[1]!, {
      ...exchange,
      createOrder: async (_symbol, _type, _side, amount) => {
        amounts.push(amount);
        return { trades: [{ price: 65000.27, amount }] };
      },
    });
    // 1 % of the budget is kept back for the book to move: 650.1 USDT buys 0.0099 BTC at 65,000.3.
    await byAsks.execute({ ...budget, budget: 650_100000n });
    expect(amounts).toEqual([0.0099]);
  });

  it('finds an order by Rora’s id among the platform’s closed orders, and says when it has none', async () => {
    const found = createCcxtVenue(VENUES[1]!, {
      ...exchange,
      fetchClosedOrders: async () => [
        { clientOrderId: 'other', side: 'buy', filled: 1, average: 1 },
        { clientOrderId: 'order-3', side: 'sell', filled: 0.002, average: 65000.19 },
      ],
    });
    expect(await found.findOrder(btc, 'order-3')).toEqual([{ price: 65000_100000n, quantity: 200000n }]);
    expect(await found.findOrder(btc, 'never-sent')).toBeNull();
    await expect(venue.findOrder(btc, 'order-3')).rejects.toThrow(/unavailable/);
  });

  it('reports a failing exchange as unavailable', async () => {
    const broken = createCcxtVenue(VENUES[2]!, {
      ...exchange,
      fetchTicker: async () => Promise.reject(new Error('ECONNRESET')),
    });
    await expect(broken.quote(btc)).rejects.toThrow(/unavailable/);
  });
});
