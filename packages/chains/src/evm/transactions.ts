// One transaction as the adapter reports it: who paid whom how much (a native payment, or the token
// `transfer` call it makes), whether it was mined and succeeded, its confirmations from the node's
// tip, and, once mined, the fee it paid: gasUsed * effectiveGasPrice from its receipt.
import { decodeFunctionData, erc20Abi, type Hex } from 'viem';
import { toChecksumAddress } from '../codecs/evm.ts';
import { NodeError } from '../utxo/rpc-client.ts';
import { receiptOf, succeeded, tipHeight, type RawTransaction } from './reads.ts';
import { address20, hash32, quantity, smallQuantity, type EvmRpc } from './rpc.ts';

export interface ReadTransfer {
  readonly from: string;
  readonly to: string;
  readonly amount: bigint;
  readonly mined: boolean;
  readonly succeeded: boolean;
  readonly fee: bigint;
  readonly confirmations: number;
  readonly blockHeight?: number;
  readonly blockHash?: string;
}

/** The recipient and amount of a token `transfer` call, or null for any other input. */
function tokenTransfer(input: unknown): { to: string; amount: bigint } | null {
  if (typeof input !== 'string') return null;
  try {
    const call = decodeFunctionData({ abi: erc20Abi, data: input as Hex });
    if (call.functionName !== 'transfer') return null;
    const [to, amount] = call.args as readonly [string, bigint];
    return { to: toChecksumAddress(to), amount };
  } catch {
    return null;
  }
}

export async function readTransfer(
  rpc: EvmRpc,
  txid: string,
  options: { readonly contract: string | undefined },
): Promise<ReadTransfer | null> {
  const tx = await rpc.call<RawTransaction | null>('eth_getTransactionByHash', [txid]);
  if (tx === null) return null;
  if (typeof tx !== 'object') throw new NodeError('malformed', `Transaction ${txid} is not an object`);
  const from = toChecksumAddress(address20(tx.from, 'A sender'));
  const target = tx.to === null ? '' : toChecksumAddress(address20(tx.to, 'A recipient'));
  const call = options.contract && target.toLowerCase() === options.contract ? tokenTransfer(tx.input) : null;
  const base = {
    from,
    to: call ? call.to : target,
    amount: call ? call.amount : options.contract ? 0n : quantity(tx.value, 'A value'),
  };
  if (tx.blockNumber === null || tx.blockNumber === undefined) {
    return { ...base, mined: false, succeeded: false, fee: 0n, confirmations: 0 };
  }
  const [receipt, tip] = await Promise.all([receiptOf(rpc, txid), tipHeight(rpc)]);
  if (!receipt) return { ...base, mined: false, succeeded: false, fee: 0n, confirmations: 0 };
  const blockHeight = smallQuantity(receipt.blockNumber, 'A block number');
  const fee = quantity(receipt.gasUsed, 'Gas used') * quantity(receipt.effectiveGasPrice, 'A gas price');
  return {
    ...base,
    mined: true,
    succeeded: succeeded(receipt),
    fee,
    confirmations: Math.max(0, tip - blockHeight + 1),
    blockHeight,
    blockHash: hash32(receipt.blockHash, 'A block hash'),
  };
}
