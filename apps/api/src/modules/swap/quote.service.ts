// GET /convert: a firm quote. Checks the pair, parses the amount at the source coin's scale, finds the
// reference rate, computes the figures (quote-math.ts), checks the minimum, the customer's available
// balance and the house's liquidity, and records the quote so POST /order can execute exactly it
// until it expires.
import { randomUUID } from 'node:crypto';
import { SWAP_ASSETS, SWAP_MIN_USD, isErrorCode, type SwapAsset, type SwapQuote } from '@rora/contracts';
import type { Db } from '@rora/db';
import type { Ledger } from '@rora/ledger';
import { assetScale, formatAmount, isMoneyError, mulDiv, parseAmount, scaleFactor } from '@rora/money';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { computeQuote, customerRate, formatRate, type QuoteFigures } from './quote-math.ts';
import { findReferenceRate, findUsdPrice, type ReferencePriceSource } from './reference-rate.ts';
import { insertQuote } from './swap.repository.ts';
import { quoteView } from './swap-view.ts';

export interface SwapSettings {
  readonly spreadBps: number;
  readonly feeBps: number;
  readonly quoteTtlMs: number;
  /** Placing to settling; at most 30 minutes (spec §9). */
  readonly settlementDelayMs: number;
}

export interface QuoteRequest {
  readonly userId: string;
  readonly from: string;
  readonly to: string;
  readonly quantity: string;
}

export interface QuoteService {
  quote(request: QuoteRequest): Promise<SwapQuote>;
}

const PRICE_DECIMALS = 18;

function swapAsset(symbol: string, field: string): SwapAsset {
  if (!(SWAP_ASSETS as readonly string[]).includes(symbol)) throw new AppError('swap_pair_not_supported', { field });
  return symbol as SwapAsset;
}

function parseQuantity(text: string, asset: SwapAsset): bigint {
  let minor: bigint;
  try {
    minor = parseAmount(text, assetScale(asset));
  } catch (error) {
    if (isMoneyError(error) && isErrorCode(error.code)) throw new AppError(error.code, { field: 'quantity' });
    throw error;
  }
  if (minor <= 0n) throw new AppError('amount_must_be_positive', { field: 'quantity' });
  return minor;
}

/**
 * US cents of a quantity at a price: cut for the minimum (a quote under 10 dollars is never let
 * through by rounding), rounded half to even for the value shown (ADR 0035, like every dollar value).
 */
function usdCents(quantity: bigint, asset: SwapAsset, usdPrice: bigint, rounding: 'down' | 'half-even'): bigint {
  return mulDiv(quantity, usdPrice, scaleFactor(assetScale(asset) + PRICE_DECIMALS - 2), rounding);
}

export function createQuoteService(deps: {
  db: Db;
  ledger: Ledger;
  clock: Clock;
  prices: ReferencePriceSource;
  settings: SwapSettings;
}): QuoteService {
  const { db, ledger, clock, prices, settings } = deps;

  async function requireCoverage(userId: string, from: SwapAsset, to: SwapAsset, figures: QuoteFigures) {
    const balances = await ledger.getBalances(db, userId);
    const available = balances.find((balance) => balance.asset === from)?.available ?? 0n;
    if (available < figures.quantity)
      throw new AppError('swap_amount_exceeds_available_balance', { field: 'quantity' });
    const liquidity = await ledger.findAccount(db, to, { system: 'liquidity' });
    if ((liquidity?.balance ?? 0n) < figures.receive) throw new AppError('swap_liquidity_unavailable');
  }

  return {
    async quote(request) {
      const from = swapAsset(request.from, 'from');
      const to = swapAsset(request.to, 'to');
      if (from === to) throw new AppError('swap_assets_must_differ', { field: 'to' });
      const quantity = parseQuantity(request.quantity, from);
      const [reference, fromUsd] = await Promise.all([findReferenceRate(prices, from, to), findUsdPrice(prices, from)]);
      if (!reference || !fromUsd) throw new AppError('price_is_unavailable');
      const cents = usdCents(quantity, from, fromUsd, 'down');
      if (cents < BigInt(SWAP_MIN_USD) * 100n) throw new AppError('swap_amount_below_minimum', { field: 'quantity' });
      const { spreadBps, feeBps } = settings;
      const figures = computeQuote({
        quantity,
        fromScale: assetScale(from),
        toScale: assetScale(to),
        rate: reference.rate,
        spreadBps,
        feeBps,
      });
      if (figures.receive <= 0n || figures.converted <= 0n) {
        throw new AppError('swap_amount_below_minimum', { field: 'quantity' });
      }
      await requireCoverage(request.userId, from, to, figures);
      const now = clock.now();
      const row = {
        id: randomUUID(),
        userId: request.userId,
        fromAsset: from,
        toAsset: to,
        ...figures,
        spreadBps,
        feeBps,
        referenceRate: formatRate(reference.rate),
        rate: formatRate(customerRate(reference.rate, spreadBps)),
        route: reference.route,
        usdValue: formatAmount(usdCents(quantity, from, fromUsd, 'half-even'), 2, {
          decimals: 2,
          rounding: 'half-even',
        }),
        createdAt: now,
        expiresAt: new Date(now.getTime() + settings.quoteTtlMs),
      };
      await insertQuote(db, row);
      return quoteView(row);
    },
  };
}
