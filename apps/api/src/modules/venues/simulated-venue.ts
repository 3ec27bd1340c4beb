// The offline stand-in for an external platform: its own price feed (the sandbox curve with the
// platform's own bias and wobble), its own spread and a depth ladder, and executions that walk that
// ladder after a network-like delay. It fails as a real platform does, at configured rates: an order
// that never reaches it, and one that executes but whose answer is lost (the caller must ask it what
// became of the order). Deterministic for a given time and order id, so tests can reason about it.
// It remembers what it executed while the process lives, as a platform remembers its orders.
import { createHash } from 'node:crypto';
import type { OrderSide, PairSymbol, VenueDefinition } from '@rora/contracts';
import { scaleFactor } from '@rora/money';
import type { Clock } from '../../lib/clock.ts';
import type { Market } from '../markets/index.ts';
import { curveParams, curvePrice, type CurveParams } from './price-curve.ts';
import {
  VenueUnavailableError,
  walkDepth,
  type VenueAdapter,
  type VenueDepth,
  type VenueFill,
  type VenueQuote,
} from './venue-adapter.ts';

/** Basis points of orders that never reach the platform, and of those whose answer is lost. */
export interface SimulatedFailures {
  unreachableBps: number;
  lostAnswerBps: number;
}

export interface SimulatedVenueOptions {
  venue: VenueDefinition;
  /** Position in the platform list (1..6), which sets its bias, spread and wobble. */
  index: number;
  clock: Clock;
  /** Delay of an execution, like a round trip to a real platform. */
  latencyMs?: number;
  failures?: SimulatedFailures;
}

/** Orders the platform remembers (the oldest are forgotten past this). */
const REMEMBERED_ORDERS = 10_000;

/** A number in 0..9999 fixed by the platform and the order id: which orders fail is reproducible. */
function rollBps(venueId: string, clientOrderId: string): number {
  return createHash('sha256').update(`${venueId}:${clientOrderId}`).digest().readUInt32BE(0) % 10_000;
}

/** US dollars of one depth level, by base asset (deeper books for the larger markets). */
const LEVEL_USD: Partial<Record<string, number>> = { BTC: 60_000, ETH: 40_000 };
const DEFAULT_LEVEL_USD = 12_000;
const DEPTH_LEVELS = 25;
const LEVEL_STEP_BPS = 2;

export function createSimulatedVenue(options: SimulatedVenueOptions): VenueAdapter {
  const { venue, index, clock } = options;
  const biasBps = [0, 3, -4, 6, -2, 8, -6][index] ?? 0;
  const halfSpreadBps = [1, 2, 4, 3, 5, 6, 8][index] ?? 5;
  const curves = new Map<PairSymbol, CurveParams>();
  /** What the platform executed, by client order id. */
  const executed = new Map<string, VenueFill[]>();
  const curveOf = (symbol: PairSymbol) => {
    let params = curves.get(symbol);
    if (!params) curves.set(symbol, (params = curveParams(symbol)));
    return params;
  };

  /** The platform's mid in quote units per base unit, as a float (rounded to ticks below). */
  function mid(market: Market, atMs: number): number {
    const wobbleBps = 3 * Math.sin((2 * Math.PI * atMs) / 1000 / (37 + index * 11) + index);
    return curvePrice(curveOf(market.symbol), atMs) * (1 + (biasBps + wobbleBps) / 10_000);
  }

  function toTickPrice(market: Market, value: number, rounding: 'down' | 'up'): bigint {
    const ticks = (value * Number(scaleFactor(market.quoteScale))) / Number(market.spec.tickSize);
    const whole = rounding === 'down' ? Math.floor(ticks) : Math.ceil(ticks);
    return BigInt(Math.max(1, whole)) * market.spec.tickSize;
  }

  function toLots(market: Market, baseUnits: number): bigint {
    const lots = Math.floor((baseUnits * Number(scaleFactor(market.baseScale))) / Number(market.spec.lotSize));
    return BigInt(Math.max(1, lots)) * market.spec.lotSize;
  }

  function ladder(market: Market, side: OrderSide, atMs: number): Array<readonly [bigint, bigint]> {
    const center = mid(market, atMs);
    const levelUsd = LEVEL_USD[market.base] ?? DEFAULT_LEVEL_USD;
    const levels: Array<readonly [bigint, bigint]> = [];
    for (let level = 0; level < DEPTH_LEVELS; level += 1) {
      const offset = (halfSpreadBps + level * LEVEL_STEP_BPS) / 10_000;
      const value = side === 'buy' ? center * (1 - offset) : center * (1 + offset);
      const price = toTickPrice(market, value, side === 'buy' ? 'down' : 'up');
      const previous = levels.at(-1);
      if (previous && previous[0] === price) continue;
      levels.push([price, toLots(market, (levelUsd * (1 + 0.35 * level)) / value)]);
    }
    return levels;
  }

  const depthAt = (market: Market, levels: number, atMs: number): VenueDepth => ({
    bids: ladder(market, 'buy', atMs).slice(0, levels),
    asks: ladder(market, 'sell', atMs).slice(0, levels),
  });

  return {
    venue,
    async quote(market): Promise<VenueQuote> {
      const now = clock.now();
      const { bids, asks } = depthAt(market, 1, now.getTime());
      const bid = bids[0]?.[0] ?? null;
      const ask = asks[0]?.[0] ?? null;
      const price =
        bid !== null && ask !== null ? ((bid + ask) / 2n / market.spec.tickSize) * market.spec.tickSize : null;
      return { bid, ask, price, at: now };
    },
    async depth(market, levels) {
      return depthAt(market, levels, clock.now().getTime());
    },
    async execute(input): Promise<VenueFill[]> {
      const roll = rollBps(venue.id, input.clientOrderId);
      const { unreachableBps = 0, lostAnswerBps = 0 } = options.failures ?? {};
      if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
      if (roll < unreachableBps) throw new VenueUnavailableError(venue.id, 'unreachable');
      const known = executed.get(input.clientOrderId);
      if (known) return known;
      const { bids, asks } = depthAt(input.market, DEPTH_LEVELS, clock.now().getTime());
      const book = input.side === 'buy' ? asks : bids;
      const fills = walkDepth(input.market, book, { quantity: input.quantity, budget: input.budget });
      if (executed.size >= REMEMBERED_ORDERS) executed.delete(executed.keys().next().value!);
      executed.set(input.clientOrderId, fills);
      if (roll < unreachableBps + lostAnswerBps) throw new VenueUnavailableError(venue.id, 'answer lost');
      return fills;
    },
    async findOrder(_market, clientOrderId) {
      return executed.get(clientOrderId) ?? null;
    },
  };
}
