// The wallets side of the deposit scanner (chains read through a node): a scanned block's outputs
// that pay customers' addresses become deposits (one query for the whole block, then one idempotent
// record per deposit), confirmations are counted from the scanner's cursor, and deposits whose block
// left the chain are handled by deposit-reorgs.ts.
import { CHAINS, getNetwork, type ChainTransaction, type NetworkId, type ScannedBlock } from '@rora/chains';
import type { ScannedChainHandlers } from '../chain-watcher/index.ts';
import type { DepositRow, DepositsRepository } from './deposits.repository.ts';
import { orphanDeposits, type DepositReorgsDependencies } from './deposit-reorgs.ts';
import type { DepositService } from './deposits.service.ts';
import type { WalletsRepository } from './wallets.repository.ts';

export interface ScannedDepositsDependencies extends DepositReorgsDependencies {
  wallets: WalletsRepository;
  deposits: DepositsRepository;
  service: DepositService;
}

function report(
  network: NetworkId,
  found: Pick<ChainTransaction, 'txid' | 'outputIndex' | 'to' | 'amount'>,
  block: { height: number; hash: string; confirmations: number },
): ChainTransaction {
  const definition = getNetwork(network);
  const required = definition.confirmations;
  return {
    ...found,
    network,
    from: '',
    fee: 0n,
    feeAsset: CHAINS[definition.chain].nativeAsset,
    status: block.confirmations >= required ? 'confirmed' : 'confirming',
    confirmations: block.confirmations,
    requiredConfirmations: required,
    blockHeight: block.height,
    blockHash: block.hash,
  };
}

function confirmationReport(row: DepositRow, scannedHeight: number): ChainTransaction {
  const height = row.blockHeight as number;
  return report(
    row.network as NetworkId,
    { txid: row.txid, outputIndex: row.outputIndex, to: '', amount: BigInt(row.amount) },
    { height, hash: row.blockHash as string, confirmations: scannedHeight - height + 1 },
  );
}

export function createScannedDeposits(deps: ScannedDepositsDependencies): ScannedChainHandlers {
  return {
    async block(network: NetworkId, block: ScannedBlock) {
      // Deposits recorded at this height in another block (a crash, then a reorganisation) are gone.
      await orphanDeposits(deps, network, { fromHeight: block.height, unlessHash: block.hash });
      const addresses = [...new Set(block.outputs.map((output) => output.address))];
      const owners = new Map((await deps.wallets.findByAddresses(network, addresses)).map((row) => [row.address, row]));
      for (const output of block.outputs) {
        const wallet = owners.get(output.address);
        if (!wallet) continue;
        const found = { txid: output.txid, outputIndex: output.outputIndex, to: output.address, amount: output.amount };
        await deps.service.recordFor(wallet, report(network, found, { ...block, confirmations: 1 }));
      }
    },

    async confirm(network: NetworkId, scannedHeight: number) {
      for (const row of await deps.deposits.confirmingUpTo(network, scannedHeight)) {
        const owner = { id: row.walletId, userId: row.userId, asset: row.asset };
        await deps.service.recordFor(owner, confirmationReport(row, scannedHeight));
      }
    },

    async reorganized(network: NetworkId, forkHeight: number) {
      await orphanDeposits(deps, network, { fromHeight: forkHeight + 1 });
    },
  };
}
