// The sandbox's house coins are on chain (ADR 0078): what the sandbox's books fund the house with from
// outside (swap inventory, staking rewards pools, the market maker's and the flow's inventories) can
// all pass to customers through swaps, rewards and trades, so the devnet's hot wallets hold at least
// as much of each asset at genesis. Otherwise a sandbox whose customers bought the house's inventory
// would owe them coins no Rora address holds, and the audit would rightly say so.
import { describe, expect, it } from 'vitest';
import { DEVNET_HOT_WALLET_FUNDING, networksForAsset } from '@rora/chains';
import { assetScale, parseAmount, type AssetSymbol } from '@rora/money';
import { PARTICIPANT_INVENTORY, inventoryTarget } from '../market-maker/index.ts';
import { SANDBOX_STAKING_REWARDS } from '../staking/index.ts';
import { SANDBOX_LIQUIDITY } from '../swap/index.ts';

const minor = (asset: AssetSymbol, whole: string | undefined) => (whole ? parseAmount(whole, assetScale(asset)) : 0n);

/** Per asset, what the sandbox's books fund the house with, in minor units. */
function houseFunding(): Map<AssetSymbol, bigint> {
  const assets = new Set(
    [PARTICIPANT_INVENTORY, SANDBOX_LIQUIDITY, SANDBOX_STAKING_REWARDS].flatMap((table) => Object.keys(table)),
  ) as Set<AssetSymbol>;
  return new Map(
    [...assets].map((asset) => [
      asset,
      inventoryTarget('market_maker', asset) +
        inventoryTarget('sandbox_flow', asset) +
        minor(asset, (SANDBOX_LIQUIDITY as Partial<Record<AssetSymbol, string>>)[asset]) +
        minor(asset, SANDBOX_STAKING_REWARDS[asset]),
    ]),
  );
}

describe("the sandbox's house coins", () => {
  it('are all held by the devnet hot wallets at genesis, per asset', () => {
    const funding = houseFunding();
    expect(funding.get('USDT')).toBe(29_500_000_000_000n);
    for (const [asset, books] of funding) {
      const onChain = networksForAsset(asset).reduce(
        (total, network) => total + DEVNET_HOT_WALLET_FUNDING[network.id],
        0n,
      );
      expect(onChain, asset).toBeGreaterThanOrEqual(books);
    }
  });
});
