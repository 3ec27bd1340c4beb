// Rora's share offer (SPEC §9): shares at 63 pounds, paid in USDT on ERC-20 to the address the notice
// shows. The address is configured (SHARE_PAYMENT_ADDRESS, required in production); the sandbox
// shows its devnet hot wallet, so the notice names a real address of the running system.
import type { ShareOffer } from '@rora/contracts';
import { SHARE_NOTICE } from '@rora/contracts';
import { NETWORKS } from '@rora/chains';
import type { ChainRegistry } from '../chain-watcher/index.ts';

const PAYMENT_NETWORK = 'usdt-erc20';

export function shareOffer(deps: { configured: string | undefined; registry: ChainRegistry }): ShareOffer {
  // The chain a payer picks in their wallet, with the token standard: "Ethereum (ERC-20)".
  const chain = NETWORKS[NETWORKS[PAYMENT_NETWORK].chain];
  return {
    pricePerShareGbp: SHARE_NOTICE.pricePerShareGbp.toString(),
    asset: SHARE_NOTICE.paymentAsset,
    network: PAYMENT_NETWORK,
    networkName: `${chain.name} (ERC-20)`,
    address: deps.configured ?? deps.registry.devnet.signer.addressFor(PAYMENT_NETWORK),
  };
}
