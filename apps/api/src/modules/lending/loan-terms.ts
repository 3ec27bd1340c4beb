// A loan request checked and priced: coins the platform lends, amounts within their coins'
// decimals, both reference prices, the US-dollar minimum, and the loan-to-value against the initial
// limit. Shared by the preview (GET /p2p/preview) and posting (POST /p2p), so the figures the
// customer saw before confirming are the ones the request is judged by.
import { isErrorCode, LOAN_ASSETS, LOAN_MIN_USD, type LoanPreview, type LoanRequestBody } from '@rora/contracts';
import { assetScale, formatAmount, isMoneyError, parseAmount, type AssetSymbol } from '@rora/money';
import { AppError } from '../../lib/errors.ts';
import type { LendingPrices } from './lending-prices.ts';
import type { LendingSettings } from './lending-settings.ts';
import {
  besideLevels,
  centsText,
  DAY_MS,
  ltvBps,
  repaymentFor,
  shownLtvBps,
  usdCentsOf,
  type PriceUnits,
} from './loan-math.ts';

export interface PricedRequest {
  asset: AssetSymbol;
  principal: bigint;
  rateBps: number;
  termDays: number;
  collateralAsset: AssetSymbol;
  collateral: bigint;
  ltvBps: number;
  prices: { asset: PriceUnits; collateral: PriceUnits };
}

function loanAsset(symbol: string, field: string): AssetSymbol {
  if (!(LOAN_ASSETS as readonly string[]).includes(symbol)) throw new AppError('loan_asset_not_supported', { field });
  return symbol as AssetSymbol;
}

function parsePositive(text: string, asset: AssetSymbol, field: string): bigint {
  let minor: bigint;
  try {
    minor = parseAmount(text, assetScale(asset));
  } catch (error) {
    if (isMoneyError(error) && isErrorCode(error.code)) throw new AppError(error.code, { field });
    throw error;
  }
  if (minor <= 0n) throw new AppError('amount_must_be_positive', { field });
  return minor;
}

/** Validated body (already through loanRequestBodySchema), priced at the reference prices. */
export async function priceRequest(
  body: ReturnType<typeof normalise>,
  deps: { prices: LendingPrices },
): Promise<PricedRequest> {
  const asset = loanAsset(body.asset, 'asset');
  const collateralAsset = loanAsset(body.collateralAsset, 'collateralAsset');
  if (asset === collateralAsset) throw new AppError('loan_assets_must_differ', { field: 'collateralAsset' });
  const principal = parsePositive(body.amount, asset, 'amount');
  const collateral = parsePositive(body.collateralAmount, collateralAsset, 'collateralAmount');
  const [assetPrice, collateralPrice] = await Promise.all([
    deps.prices.price(asset),
    deps.prices.price(collateralAsset),
  ]);
  if (!assetPrice || !collateralPrice) throw new AppError('price_is_unavailable');
  const prices = { asset: assetPrice.units, collateral: collateralPrice.units };
  const principalValue = { amount: principal, scale: assetScale(asset), price: prices.asset };
  if (usdCentsOf(principalValue, 'down') < BigInt(LOAN_MIN_USD * 100)) {
    throw new AppError('loan_amount_below_minimum', { field: 'amount' });
  }
  const ltv = ltvBps(principalValue, {
    amount: collateral,
    scale: assetScale(collateralAsset),
    price: prices.collateral,
  });
  return {
    asset,
    principal,
    rateBps: body.rateBps,
    termDays: body.termDays,
    collateralAsset,
    collateral,
    ltvBps: ltv,
    prices,
  };
}

/** The body's fields in the types the parsed schema gives them. */
export function normalise(body: LoanRequestBody) {
  return {
    asset: String(body.asset).toUpperCase(),
    amount: String(body.amount),
    rateBps: Number(body.rateBps),
    termDays: Number(body.termDays),
    collateralAsset: String(body.collateralAsset).toUpperCase(),
    collateralAmount: String(body.collateralAmount),
  };
}

export function previewOf(request: PricedRequest, settings: LendingSettings): LoanPreview {
  const term = repaymentFor({
    principal: request.principal,
    rateBps: request.rateBps,
    elapsedMs: request.termDays * DAY_MS,
    minMs: 0,
    feeBps: settings.feeBps,
  });
  const amount = (value: bigint, asset: AssetSymbol) => formatAmount(value, assetScale(asset));
  // Shown, so rounded half to even (ADR 0035); the minimum above is checked on the cut value.
  const cents = (value: bigint, asset: AssetSymbol, price: PriceUnits) =>
    usdCentsOf({ amount: value, scale: assetScale(asset), price }, 'half-even');
  const principalCents = cents(request.principal, request.asset, request.prices.asset);
  const collateralCents = cents(request.collateral, request.collateralAsset, request.prices.collateral);
  const { priceMaxAgeMs: _unused, ...levels } = settings;
  const acceptable = request.ltvBps <= settings.initialLtvBps;
  return {
    asset: request.asset,
    amount: amount(request.principal, request.asset),
    collateralAsset: request.collateralAsset,
    collateralAmount: amount(request.collateral, request.collateralAsset),
    rateBps: request.rateBps,
    termDays: request.termDays,
    // The ratio of the two dollar figures beside it, on the verdict's side of the limit (a refused
    // request never reads "65.00 %" under "at most 65.00 %"): refused is reaching a basis point over it.
    ltvBps: besideLevels(shownLtvBps(principalCents, collateralCents), request.ltvBps, [settings.initialLtvBps + 1]),
    interestAtTerm: amount(term.interest, request.asset),
    repaymentAtTerm: amount(term.debt, request.asset),
    lenderReceivesAtTerm: amount(term.lenderReceives, request.asset),
    principalUsd: centsText(principalCents),
    collateralUsd: centsText(collateralCents),
    acceptable,
    levels,
  };
}
