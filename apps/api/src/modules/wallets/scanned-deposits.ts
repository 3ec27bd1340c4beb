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
  // An XRP payment to the shared omnibus address names its customer by destination tag.
  const recordBlock = async (network: NetworkId, block: ScannedBlock) => {
    // Deposits recorded at this height in another block (a crash, then a reorganisation) are gone.
    await orphanDeposits(deps, network, { fromHeight: block.height, unlessHash: block.hash });
    const outputs = block.outputs.filter((output) => (output.network ?? network) === network);
    const untagged = outputs.filter((output) => output.destinationTag === undefined);
    const tagged = outputs.flatMap((output) =>
      output.destinationTag === undefined ? [] : [{ address: output.address, tag: output.destinationTag }],
    );
    const addresses = [...new Set(untagged.map((output) => output.address))];
    // A payment to a shared address (XRP) is the customer's whose tag it carries; without a tag it is nobody's.
    const key = (address: string, tag: number | null | undefined) => `${address}/${tag ?? ''}`;
    const rows = [
      ...(await deps.wallets.findByAddresses(network, addresses)),
      ...(await deps.wallets.findByAddressTags(network, tagged)),
    ];
    const owners = new Map(rows.map((row) => [key(row.address, row.destinationTag), row]));
    const found = outputs.flatMap((output) => {
      const wallet = owners.get(key(output.address, output.destinationTag));
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
