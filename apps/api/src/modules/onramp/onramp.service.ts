// POST /order/init: starts a card purchase. The KYC gate (buying needs approved KYC), the coin and
// the fiat amount within limits, the provider's price at the reference USD price, a widget session
// with the provider, and the purchase recorded as pending; the answer is what the web app needs to
// open the widget. The coin is credited later, once, when the provider's webhook confirms.
import { randomUUID } from 'node:crypto';
import {
  ONRAMP_ASSETS,
  ONRAMP_MAX_USD,
  ONRAMP_MIN_USD,
  isErrorCode,
  type OnrampAsset,
  type OnrampInitBody,
  type OnrampPurchase,
} from '@rora/contracts';
import type { Db, Tx } from '@rora/db';
import { withTransaction } from '@rora/ledger';
import { assetScale, isMoneyError, parseAmount } from '@rora/money';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { bindIdempotentEffect, type OrphanedKey, type RecoveredAnswer } from '../../lib/idempotency-recovery.ts';
import type { KycGate } from '../kyc/index.ts';
import { findPurchase, insertPurchase, type PurchaseRow } from './onramp.repository.ts';
import { purchaseView } from './onramp-view.ts';
import type { OnrampProvider } from './provider/onramp-provider.ts';

/** How long the widget may stay open before the purchase expires. */
export const ONRAMP_SESSION_TTL_MS = 15 * 60_000;
const PRICE_DECIMALS = 18;

export interface UsdPriceSource {
  /** US dollars per whole unit, as a decimal string; null when unknown. */
  usdPrice(asset: OnrampAsset): Promise<string | null>;
}

export interface OnrampService {
  /** `claimId`: the request's idempotency key, bound to the purchase as it is recorded (ADR 0024). */
  init(input: { userId: string; body: OnrampInitBody; claimId: string | null }): Promise<OnrampPurchase>;
  /** The answer to a purchase whose request died after recording it: the purchase as it stands. */
  recover(tx: Tx, key: OrphanedKey): Promise<RecoveredAnswer>;
  get(userId: string, id: string): Promise<OnrampPurchase>;
  view(row: PurchaseRow): OnrampPurchase;
}

function parseFiat(text: string): bigint {
  try {
    return parseAmount(text, 2);
  } catch (error) {
    // Worded for dollars: the money package's code speaks of a coin's decimals.
    if (isMoneyError(error) && error.code === 'amount_has_too_many_decimals') {
      throw new AppError('onramp_amount_must_be_whole_cents', { field: 'fiatAmount' });
    }
    if (isMoneyError(error) && isErrorCode(error.code)) throw new AppError(error.code, { field: 'fiatAmount' });
    throw error;
  }
}

function onrampAsset(symbol: string): OnrampAsset {
  if (!(ONRAMP_ASSETS as readonly string[]).includes(symbol)) {
    throw new AppError('onramp_asset_not_supported', { field: 'asset' });
  }
  return symbol as OnrampAsset;
}

export function createOnrampService(deps: {
  db: Db;
  clock: Clock;
  kycGate: KycGate;
  provider: OnrampProvider;
  prices: UsdPriceSource;
}): OnrampService {
  const { db, clock, provider } = deps;
  const view = (row: Omit<PurchaseRow, 'settledAt' | 'notifiedAt'> & { settledAt?: Date | null }) =>
    purchaseView(row, { providerName: provider.displayName, origin: provider.widgetOrigin, mode: provider.widgetMode });

  async function priced(asset: OnrampAsset, fiatAmount: bigint) {
    const text = await deps.prices.usdPrice(asset);
    const usdPrice = text === null ? 0n : parseAmount(text, PRICE_DECIMALS, { rounding: 'half-even' });
    if (usdPrice <= 0n) throw new AppError('price_is_unavailable');
    const price = provider.price({ asset, assetScale: assetScale(asset), fiatAmount, usdPrice });
    if (price.cryptoAmount <= 0n) throw new AppError('onramp_amount_below_minimum', { field: 'fiatAmount' });
    return price;
  }

  return {
    async init(input) {
      const { userId, body } = input;
      await deps.kycGate.requireApprovedKyc(userId);
      const asset = onrampAsset(String(body.asset).toUpperCase());
      const fiatAmount = parseFiat(body.fiatAmount);
      if (fiatAmount < BigInt(ONRAMP_MIN_USD) * 100n) {
        throw new AppError('onramp_amount_below_minimum', { field: 'fiatAmount' });
      }
      if (fiatAmount > BigInt(ONRAMP_MAX_USD) * 100n) {
        throw new AppError('onramp_amount_above_maximum', { field: 'fiatAmount' });
      }
      const { providerFee, cryptoAmount } = await priced(asset, fiatAmount);
      const now = clock.now();
      const id = randomUUID();
      const expiresAt = new Date(now.getTime() + ONRAMP_SESSION_TTL_MS);
      const session = { purchaseId: id, asset, fiatCurrency: 'USD', fiatAmount, cryptoAmount, expiresAt };
      const widget = await provider.createSession(session).catch((error: unknown) => {
        if (error instanceof AppError) throw error;
        throw new AppError('onramp_provider_unavailable');
      });
      const row = {
        id,
        userId,
        provider: provider.id,
        providerReference: widget.providerReference,
        asset,
        fiatCurrency: 'USD',
        fiatAmount,
        providerFee,
        cryptoAmount,
        widgetUrl: widget.url,
        status: 'pending' as const,
        failureReason: null,
        createdAt: now,
        expiresAt,
      };
      // A crash before this commit leaves a widget session the customer never saw: nothing to pay.
      await withTransaction(db, async (tx) => {
        await insertPurchase(tx, row);
        await bindIdempotentEffect(tx, input.claimId, id);
      });
      return view(row);
    },

    async recover(tx, key) {
      const row = await findPurchase(tx, key.userId, key.effectId);
      if (!row) throw new Error(`idempotency key of ${key.userId} bound to purchase ${key.effectId}, not theirs`);
      return { status: 201, body: { data: view(row) } };
    },

    async get(userId, id) {
      const row = /^[0-9a-f-]{36}$/i.test(id) ? await findPurchase(db, userId, id) : null;
      if (!row) throw new AppError('resource_not_found', { message: 'Purchase not found' });
      return view(row);
    },

    view,
  };
}
