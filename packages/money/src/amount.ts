// An amount tied to its asset, for code that carries money across boundaries and must not mix
// assets. The arithmetic itself stays on plain bigint minor units (see rounding.ts).
import { assetScale, type AssetSymbol } from './assets.ts';
import { formatAmount, parseAmount, type FormatOptions, type ParseOptions } from './decimal.ts';
import { MoneyError } from './errors.ts';

export interface Amount {
  readonly asset: AssetSymbol;
  /** Integer count of the asset's minor units (satoshi for BTC, wei for ETH). */
  readonly minor: bigint;
}

/** `parseAssetAmount('0.1', 'BTC')` is `{ asset: 'BTC', minor: 10000000n }`. */
export function parseAssetAmount(text: string, asset: AssetSymbol, options: ParseOptions = {}): Amount {
  return { asset, minor: parseAmount(text, assetScale(asset), options) };
}

/** The decimal string of an amount at its asset's scale: `'0.1'` for 10000000 satoshi. */
export function formatAssetAmount(amount: Amount, options: FormatOptions = {}): string {
  return formatAmount(amount.minor, assetScale(amount.asset), options);
}

export function addAmounts(a: Amount, b: Amount): Amount {
  assertSameAsset(a, b);
  return { asset: a.asset, minor: a.minor + b.minor };
}

export function subtractAmounts(a: Amount, b: Amount): Amount {
  assertSameAsset(a, b);
  return { asset: a.asset, minor: a.minor - b.minor };
}

function assertSameAsset(a: Amount, b: Amount): void {
  if (a.asset !== b.asset) {
    throw new MoneyError('amounts_must_have_the_same_asset', `Cannot combine ${a.asset} with ${b.asset}`);
  }
}
