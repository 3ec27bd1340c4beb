// Seeds the house's swap inventory in the sandbox: each swappable coin's liquidity account is funded
// once from the outside world (house_funding). The transfer ids are fixed, so every start replays
// the same transfers instead of funding again.
import type { Database } from '@rora/db';
import { createLedger } from '@rora/ledger';
import { assetScale, parseAmount } from '@rora/money';
import type { SwapAsset } from '@rora/contracts';
import { derivedId } from '../../lib/derived-id.ts';

/** Whole coins per asset: a few million US dollars of each at the reference prices. */
export const SANDBOX_LIQUIDITY: Readonly<Record<SwapAsset, string>> = {
  BTC: '50',
  ETH: '1000',
  LTC: '20000',
  XRP: '3000000',
  SOL: '10000',
  BNB: '3000',
  USDT: '5000000',
  BUSD: '2000000',
  ADX: '5000000',
};

export async function seedSwapLiquidity(database: Pick<Database, 'db'>): Promise<void> {
  const ledger = createLedger();
  await ledger.transferMany(
    database.db,
    Object.entries(SANDBOX_LIQUIDITY).map(([asset, whole]) => ({
      id: derivedId('swap', 'sandbox-liquidity', asset),
      asset: asset as SwapAsset,
      debit: { system: 'external_world' as const },
      credit: { system: 'liquidity' as const },
      amount: parseAmount(whole, assetScale(asset)),
      code: 'house_funding' as const,
      metadata: { reason: 'sandbox swap inventory' },
    })),
  );
}
