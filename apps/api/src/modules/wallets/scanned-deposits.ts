// The wallets side of the deposit scanner (chains read through a node): a scanned block's outputs
// that pay customers' addresses become deposits (one query finds the owners, one statement records
// them), confirmations are counted from the scanner's cursor and due deposits credited in one batch
// (scanned-credits.ts), and deposits whose block left the chain are handled by deposit-reorgs.ts.
import type { NetworkId, ScannedBlock } from '@rora/chains';
import type { ScannedChainHandlers } from '../chain-watcher/index.ts';
import type { DepositsRepository } from './deposits.repository.ts';
import { confirmScanned, recordScanned } from './scanned-credits.ts';
import { orphanDeposits, type DepositReorgsDependencies } from './deposit-reorgs.ts';
import type { WalletsRepository } from './wallets.repository.ts';

export interface ScannedDepositsDependencies extends DepositReorgsDependencies {
  wallets: WalletsRepository;
  deposits: DepositsRepository;
}

export function createScannedDeposits(deps: ScannedDepositsDependencies): ScannedChainHandlers {
  return {
    async block(network: NetworkId, block: ScannedBlock) {
      // Deposits recorded at this height in another block (a crash, then a reorganisation) are gone.
      await orphanDeposits(deps, network, { fromHeight: block.height, unlessHash: block.hash });
      const addresses = [...new Set(block.outputs.map((output) => output.address))];
      const owners = new Map((await deps.wallets.findByAddresses(network, addresses)).map((row) => [row.address, row]));
      const found = block.outputs.flatMap((output) => {
        const wallet = owners.get(output.address);
        return wallet ? [{ wallet, txid: output.txid, outputIndex: output.outputIndex, amount: output.amount }] : [];
      });
      await recordScanned(deps, { network, height: block.height, hash: block.hash, found });
    },

    async confirm(network: NetworkId, scannedHeight: number) {
      const confirming = await deps.deposits.confirmingUpTo(network, scannedHeight);
      await confirmScanned(deps, { network, height: scannedHeight, confirming });
    },

    async reorganized(network: NetworkId, forkHeight: number) {
      await orphanDeposits(deps, network, { fromHeight: forkHeight + 1 });
    },
  };
}
