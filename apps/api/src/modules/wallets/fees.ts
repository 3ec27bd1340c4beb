// What a customer pays to send: the network's fee estimate for the chosen speed, in the wallet's own
// asset. On a token network (USDT on Ethereum) the chain charges ETH, so the fee is converted into
// the token at the latest USD prices, rounded up; the customer never needs a second coin to send.
import { feeAssetOf, type FeePriority, type NetworkDefinition } from '@rora/chains';
import { assetScale, type AssetSymbol } from '@rora/money';
import { AppError } from '../../lib/errors.ts';
import type { ChainRegistry } from '../chain-watcher/index.ts';
import { convertUp, type PriceService } from '../prices/index.ts';

export interface CustomerFee {
  /** In the network's asset. */
  readonly fee: bigint;
  readonly networkFee: bigint;
  readonly networkFeeAsset: AssetSymbol;
  readonly expectedBlocks: number;
}

export interface FeeCalculator {
  customerFee(network: NetworkDefinition, request: { amount: bigint; priority: FeePriority }): Promise<CustomerFee>;
}

export function createFeeCalculator(deps: { registry: ChainRegistry; prices: PriceService }): FeeCalculator {
  return {
    async customerFee(network, request) {
      const estimate = await deps.registry.adapter(network.id).estimateFee(request);
      const feeAsset = feeAssetOf(network);
      const base = { networkFee: estimate.fee, networkFeeAsset: feeAsset, expectedBlocks: estimate.expectedBlocks };
      if (feeAsset === network.asset) return { ...base, fee: estimate.fee };
      const quotes = await deps.prices.quoteMap();
      const from = quotes.get(feeAsset)?.usdPrice;
      const to = quotes.get(network.asset)?.usdPrice;
      if (!from || !to) throw new AppError('price_is_unavailable');
      const fee = convertUp(
        estimate.fee,
        { scale: assetScale(feeAsset), price: from },
        { scale: network.decimals, price: to },
      );
      return { ...base, fee };
    },
  };
}
