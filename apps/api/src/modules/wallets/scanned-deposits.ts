// The wallets side of the deposit scanner (chains read through a node): a scanned block's outputs
// that pay customers' addresses become deposits (one query finds the owners, one statement records
// them), confirmations are counted from the scanner's cursor and due deposits credited in one batch
// (scanned-credits.ts), and deposits whose block left the chain are handled by deposit-reorgs.ts.
// The scanner walks a chain under its native network; every network on that chain (ETH's ERC-20
// tokens) is recorded, confirmed and reorganised with it.
import type { NetworkId, ScannedBlock } from '@rora/chains';
import type { ScannedChainHandlers } from '../chain-watcher/index.ts';
import type { DepositsRepository } from './deposits.repository.ts';
import { confirmScanned, recordScanned } from './scanned-credits.ts';
import { orphanDeposits, type DepositReorgsDependencies } from './deposit-reorgs.ts';
import type { WalletsRepository } from './wallets.repository.ts';

export interface ScannedDepositsDependencies extends DepositReorgsDependencies {
  wallets: WalletsRepository;
  deposits: DepositsRepository;
  /** The networks read through the node with `network`'s chain (ETH and its configured tokens). */
  networksOnChain(network: NetworkId): readonly NetworkId[];
}

export function createScannedDeposits(deps: ScannedDepositsDependencies): ScannedChainHandlers {
  // An EVM chain's blocks carry its tokens too: each output names its network (else the chain's own).
  const recordBlock = async (network: NetworkId, block: ScannedBlock) => {
    // Deposits recorded at this height in another block (a crash, then a reorganisation) are gone.
    await orphanDeposits(deps, network, { fromHeight: block.height, unlessHash: block.hash });
    const outputs = block.outputs.filter((output) => (output.network ?? network) === network);
    const addresses = [...new Set(outputs.map((output) => output.address))];
    const owners = new Map((await deps.wallets.findByAddresses(network, addresses)).map((row) => [row.address, row]));
    const found = outputs.flatMap((output) => {
      const wallet = owners.get(output.address);
      return wallet ? [{ wallet, txid: output.txid, outputIndex: output.outputIndex, amount: output.amount }] : [];
    });
    await recordScanned(deps, { network, height: block.height, hash: block.hash, found });
  };
  const onChain = (network: NetworkId) => deps.networksOnChain(network);

  return {
    async block(network: NetworkId, block: ScannedBlock) {
      for (const each of onChain(network)) await recordBlock(each, block);
    },

    async confirm(network: NetworkId, scannedHeight: number) {
      for (const each of onChain(network)) {
        const confirming = await deps.deposits.confirmingUpTo(each, scannedHeight);
        await confirmScanned(deps, { network: each, height: scannedHeight, confirming });
      }
    },

    async reorganized(network: NetworkId, forkHeight: number) {
      for (const each of onChain(network)) await orphanDeposits(deps, each, { fromHeight: forkHeight + 1 });
    },
  };
}
