// On-chain balances of the devnet, per asset and address, with the amounts that pending outgoing
// transactions have already promised away (so two withdrawals cannot both spend the same coins).
import type { AssetSymbol } from '@rora/money';

export class Balances {
  readonly #balances = new Map<string, bigint>();
  readonly #reserved = new Map<string, bigint>();

  balanceOf(asset: AssetSymbol, address: string): bigint {
    return this.#balances.get(key(asset, address)) ?? 0n;
  }

  /** Balance less what pending outgoing transactions will spend. */
  spendable(asset: AssetSymbol, address: string): bigint {
    return this.balanceOf(asset, address) - (this.#reserved.get(key(asset, address)) ?? 0n);
  }

  credit(asset: AssetSymbol, address: string, amount: bigint): void {
    this.#balances.set(key(asset, address), this.balanceOf(asset, address) + amount);
  }

  debit(asset: AssetSymbol, address: string, amount: bigint): void {
    const next = this.balanceOf(asset, address) - amount;
    if (next < 0n) throw new Error(`Devnet invariant broken: ${asset} balance of ${address} would go negative`);
    this.#balances.set(key(asset, address), next);
  }

  reserve(asset: AssetSymbol, address: string, amount: bigint): void {
    const k = key(asset, address);
    this.#reserved.set(k, (this.#reserved.get(k) ?? 0n) + amount);
  }

  release(asset: AssetSymbol, address: string, amount: bigint): void {
    const k = key(asset, address);
    const next = (this.#reserved.get(k) ?? 0n) - amount;
    if (next < 0n) throw new Error(`Devnet invariant broken: ${asset} reservation of ${address} would go negative`);
    this.#reserved.set(k, next);
  }
}

/** The part of a transaction that spends: an amount of `asset` and a fee in `feeAsset`. */
export interface Spend {
  readonly asset: AssetSymbol;
  readonly feeAsset: AssetSymbol;
  readonly from: string;
  readonly amount: bigint;
  readonly fee: bigint;
}

/** Whether `from` can pay the spend on top of what its pending transactions already promised. */
export function covers(balances: Balances, spend: Spend): boolean {
  const { asset, feeAsset, from } = spend;
  if (asset === feeAsset) return balances.spendable(asset, from) >= spend.amount + spend.fee;
  return balances.spendable(asset, from) >= spend.amount && balances.spendable(feeAsset, from) >= spend.fee;
}

export function reserveSpend(balances: Balances, spend: Spend): void {
  balances.reserve(spend.asset, spend.from, spend.amount);
  balances.reserve(spend.feeAsset, spend.from, spend.fee);
}

export function releaseSpend(balances: Balances, spend: Spend): void {
  balances.release(spend.asset, spend.from, spend.amount);
  balances.release(spend.feeAsset, spend.from, spend.fee);
}

function key(asset: AssetSymbol, address: string): string {
  return `${asset}:${address}`;
}
