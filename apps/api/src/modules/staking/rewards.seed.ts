// Seeds the staking rewards pools in the sandbox: each staking asset's pool (system account
// staking_rewards) is funded once from the outside world (house_funding), with fixed transfer ids
// so every start replays the same transfers instead of funding again. In production the operator
// funds the pools the same way; a plan takes stakes only while its pool has unreserved rewards.
import { createHash } from 'node:crypto';
import type { Database } from '@rora/db';
import { createLedger } from '@rora/ledger';
import { assetScale, parseAmount, type AssetSymbol } from '@rora/money';

/** Whole coins per asset: about a year of rewards for every seeded plan near full. */
export const SANDBOX_STAKING_REWARDS: Readonly<Partial<Record<AssetSymbol, string>>> = {
  USDT: '2500000',
  BUSD: '500000',
  ETH: '200',
  SOL: '50000',
  BNB: '500',
  BTC: '20',
};

function seedId(asset: string): string {
  const hex = createHash('sha256').update(`sandbox-staking-rewards:${asset}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export async function seedStakingRewards(database: Pick<Database, 'db'>): Promise<void> {
  await createLedger().transferMany(
    database.db,
    Object.entries(SANDBOX_STAKING_REWARDS).map(([asset, whole]) => ({
      id: seedId(asset),
      asset: asset as AssetSymbol,
      debit: { system: 'external_world' as const },
      credit: { system: 'staking_rewards' as const },
      amount: parseAmount(whole, assetScale(asset)),
      code: 'house_funding' as const,
      metadata: { reason: 'sandbox staking rewards' },
    })),
  );
}
