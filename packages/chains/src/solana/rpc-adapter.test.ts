// The Solana adapter against a local stand-in node (testing/fake-solana.ts) that answers with the
// documented JSON-RPC shapes and checks what the adapter sends: the decoded wire transaction's payer
// signature, blockhash, recipient, amount and memo.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { getBase64Encoder, getCompiledTransactionMessageDecoder, getTransactionDecoder } from '@solana/kit';
import { memoryBroadcastStore, type BroadcastStore } from '../utxo/broadcast-store.ts';
import { NodeError } from '../utxo/rpc-client.ts';
import type { SolanaRpcAdapter } from './adapter.ts';
import { createSolanaRpcAdapter } from './index.ts';
import { MEMO_PROGRAM } from './message.ts';
import { FakeSolana, LAMPORTS_PER_SIGNATURE } from './testing/fake-solana.ts';

const PORTS = { from: 4810, to: 4819 };
const SOL = 1_000_000_000n;
const keyOf = (byte: number) => {
  const seed = new Uint8Array(32).fill(byte);
  return { seed, address: base58.encode(ed25519.getPublicKey(seed)) };
};
const HOT = keyOf(1);
const HOT_SECRET = base58.encode(new Uint8Array([...HOT.seed, ...base58.decode(HOT.address)]));
const POOL = [keyOf(2).address, keyOf(3).address, keyOf(4).address];
const OUTSIDE = keyOf(5).address;
const RECIPIENT = keyOf(6).address;

let node: FakeSolana;
let store: BroadcastStore;
let adapter: SolanaRpcAdapter;

function sent() {
  return node.server.requests
    .filter((request) => request.method === 'sendTransaction')
    .map((request) => {
      const wire = String((request.body.params as unknown[])[0]);
      const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(wire));
      const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes) as unknown as {
        staticAccounts: string[];
        lifetimeToken: string;
        instructions: { programAddressIndex: number; accountIndices?: number[]; data?: Uint8Array }[];
      };
      const [transfer, memo] = message.instructions;
      const data = new Uint8Array(transfer?.data as Uint8Array);
      const signature = transaction.signatures[HOT.address as keyof typeof transaction.signatures] as Uint8Array;
      return {
        signature: base58.encode(signature),
        verified: ed25519.verify(signature, new Uint8Array(transaction.messageBytes), base58.decode(HOT.address)),
        payer: message.staticAccounts[0],
        to: message.staticAccounts[transfer?.accountIndices?.[1] as number],
        lamports: new DataView(data.buffer).getBigUint64(4, true),
        memoProgram: message.staticAccounts[memo?.programAddressIndex as number],
        memo: new TextDecoder().decode(memo?.data),
        blockhash: message.lifetimeToken,
      };
    });
}

/**
 * The node runs in this process: a busy machine that stalls it for half a second makes an answered call
 * time out. Only the tests of a node that never answers wait this little, and only for that call.
 */
const STALLED_NODE_TIMEOUT_MS = 1_000;

/** An adapter on the stand-in node and the test's store (the default timeout without `timeoutMs`). */
const adapterOn = (timeoutMs?: number) =>
  createSolanaRpcAdapter({ rpc: { url: node.server.url, timeoutMs }, addresses: POOL, hotKey: HOT_SECRET, store });

beforeEach(async () => {
  node = await new FakeSolana().start(PORTS);
  node.balances.set(HOT.address, 100n * SOL);
  node.balances.set(OUTSIDE, 50n * SOL);
  store = memoryBroadcastStore();
  adapter = adapterOn();
});

afterEach(() => node.server.close());

describe('Solana deposits from finalized slots', () => {
  it('finds lamports paid to pool addresses, across a skipped slot, and only once finalized', async () => {
    expect(adapter.deriveAddress(1)).toMatchObject({ address: POOL[1] });
    const start = node.slot;
    const paid = node.transfer(OUTSIDE, POOL[1] as string, 2n * SOL);
    node.transfer(OUTSIDE, POOL[2] as string, 3n * SOL, { InstructionError: [0, { Custom: 1 }] });
    node.produce();
    node.produce({ skipped: true });
    node.transfer(OUTSIDE, POOL[0] as string, SOL / 2n);
    node.finalityLag = 1;
    node.produce();

    expect(await adapter.scanner.tipHeight()).toBe(start + 2);
    const first = await adapter.scanner.block(start + 1);
    expect(first?.outputs).toEqual([{ txid: paid, outputIndex: 1, address: POOL[1], amount: 2n * SOL }]);
    expect(first?.previousHash).toBe(await adapter.scanner.blockHash(start));
    // The skipped slot carries the hash of the block before it, so the chain of parents holds.
    const skipped = await adapter.scanner.block(start + 2);
    expect(skipped).toEqual({ height: start + 2, hash: first?.hash, previousHash: first?.hash, outputs: [] });
    expect(await adapter.scanner.blockHash(start + 2)).toBe(first?.hash);
    // Not finalized yet: not there.
    expect(await adapter.scanner.block(start + 3)).toBeNull();
    expect(await adapter.scanner.blockHash(start + 3)).toBeNull();
    node.finalityLag = 0;
    const third = await adapter.scanner.block(start + 3);
    expect(third?.previousHash).toBe(first?.hash);
    expect(third?.outputs).toEqual([expect.objectContaining({ address: POOL[0], amount: SOL / 2n })]);
    const calls = node.server.requests.filter((request) => request.method === 'getBlock');
    expect(calls.at(-1)?.body.params).toEqual([
      start + 3,
      {
        commitment: 'finalized',
        encoding: 'json',
        transactionDetails: 'full',
        rewards: false,
        maxSupportedTransactionVersion: 0,
      },
    ]);
  });
});

describe('Solana withdrawals', () => {
  it('signs a transfer on a recent blockhash with its fee, stores it before sending, follows it to finalized', async () => {
    node.finalityLag = 2;
    const result = await adapter.broadcast({ id: 'w-1', to: RECIPIENT, amount: 4n * SOL, priority: 'normal' });
    const [transaction] = sent();
    expect(transaction).toMatchObject({
      verified: true,
      payer: HOT.address,
      to: RECIPIENT,
      lamports: 4n * SOL,
      memoProgram: MEMO_PROGRAM,
      memo: 'w-1',
      blockhash: node.blocks.get(node.slot) && (node.blocks.get(node.slot) as { blockhash: string }).blockhash,
      signature: result.txid,
    });
    expect(result).toMatchObject({ fee: LAMPORTS_PER_SIGNATURE, feeAsset: 'SOL', status: 'pending' });
    expect(await store.find('sol', 'w-1')).toMatchObject({ txid: result.txid, validUntil: node.blockHeight + 150 });
    expect(node.server.requests.find((request) => request.method === 'getFeeForMessage')).toBeDefined();

    expect(await adapter.getTransaction(result.txid)).toMatchObject({ status: 'pending', withdrawalId: 'w-1' });
    node.produce();
    expect(await adapter.getTransaction(result.txid)).toMatchObject({ status: 'confirming', confirmations: 1 });
    node.produce();
    node.produce();
    expect(await adapter.getTransaction(result.txid)).toMatchObject({
      status: 'confirmed',
      amount: 4n * SOL,
      fee: LAMPORTS_PER_SIGNATURE,
      to: RECIPIENT,
    });
    expect(node.balances.get(RECIPIENT)).toBe(4n * SOL);
    // The same id again: the same signature; the node says it is already processed.
    expect((await adapter.broadcast({ id: 'w-1', to: RECIPIENT, amount: 4n * SOL, priority: 'normal' })).txid).toBe(
      result.txid,
    );
    expect(node.balances.get(RECIPIENT)).toBe(4n * SOL);
  });

  it('makes two identical withdrawals two transactions, and counts what is in flight against the balance', async () => {
    const [a, b] = await Promise.all([
      adapter.broadcast({ id: 'w-a', to: RECIPIENT, amount: 40n * SOL, priority: 'normal' }),
      adapter.broadcast({ id: 'w-b', to: RECIPIENT, amount: 40n * SOL, priority: 'normal' }),
    ]);
    expect(a?.txid).not.toBe(b?.txid);
    await expect(
      adapter.broadcast({ id: 'w-c', to: RECIPIENT, amount: 40n * SOL, priority: 'normal' }),
    ).rejects.toMatchObject({ name: 'ChainError', code: 'hot_wallet_balance_is_insufficient' });
    node.produce();
    expect(node.balances.get(RECIPIENT)).toBe(80n * SOL);
  });

  it('knows a dropped transaction failed once its blockhash expired, and rebuilds it on a new one', async () => {
    node.dropSubmissions = true;
    const first = await adapter.broadcast({ id: 'w-drop', to: RECIPIENT, amount: SOL, priority: 'normal' });
    for (let block = 0; block < 150; block += 1) node.produce();
    expect(await adapter.getTransaction(first.txid)).toMatchObject({ status: 'pending' });
    node.produce();
    expect(await adapter.getTransaction(first.txid)).toMatchObject({
      status: 'failed',
      failureReason: 'transaction_expired',
      withdrawalId: 'w-drop',
    });
    node.dropSubmissions = false;
    const again = await adapter.broadcast({ id: 'w-drop', to: RECIPIENT, amount: SOL, priority: 'normal' });
    expect(again.txid).not.toBe(first.txid);
    expect(sent().at(-1)?.blockhash).not.toBe(sent()[0]?.blockhash);
    node.produce();
    expect(await adapter.getTransaction(again.txid)).toMatchObject({ status: 'confirmed' });
  });

  it('refuses a tag, a bad address and an empty hot wallet before signing', async () => {
    await expect(
      adapter.broadcast({ id: 'w-t', to: RECIPIENT, amount: SOL, destinationTag: 1, priority: 'normal' }),
    ).rejects.toMatchObject({ code: 'destination_tag_is_not_supported' });
    await expect(
      adapter.broadcast({ id: 'w-x', to: 'not-an-address', amount: SOL, priority: 'normal' }),
    ).rejects.toMatchObject({ name: 'ChainError' });
    await expect(
      adapter.broadcast({ id: 'w-big', to: RECIPIENT, amount: 100n * SOL, priority: 'normal' }),
    ).rejects.toMatchObject({ code: 'hot_wallet_balance_is_insufficient' });
    expect(sent()).toHaveLength(0);
    expect(await adapter.estimateFee({ amount: SOL, priority: 'fast' })).toMatchObject({
      fee: LAMPORTS_PER_SIGNATURE,
      feeAsset: 'SOL',
      units: 1n,
    });
  });
});

describe('Solana node failures are NodeErrors, not chain refusals', () => {
  it('keeps a send the node refused and sends the same bytes later', async () => {
    const sendFails = node.answer.bind(node);
    node.answer = (body) =>
      body.method === 'sendTransaction'
        ? { jsonrpc: '2.0', id: body.id, error: { code: -32005, message: 'Node is unhealthy' } }
        : sendFails(body);
    const error = await adapter
      .broadcast({ id: 'w-busy', to: RECIPIENT, amount: SOL, priority: 'normal' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NodeError);
    expect(error).toMatchObject({ kind: 'rejected', rpcCode: -32005 });
    node.answer = sendFails;
    const retried = await adapter.broadcast({ id: 'w-busy', to: RECIPIENT, amount: SOL, priority: 'normal' });
    expect(sent()).toHaveLength(2);
    expect(sent()[1]?.signature).toBe(sent()[0]?.signature);
    expect(retried.txid).toBe(sent()[0]?.signature);
  });

  it('after a crash between storing and sending, a new process sends the same signed transaction', async () => {
    node.server.mode = 'stall';
    node.server.stallOnly = 'sendTransaction';
    await expect(
      adapterOn(STALLED_NODE_TIMEOUT_MS).broadcast({ id: 'w-lost', to: RECIPIENT, amount: SOL, priority: 'normal' }),
    ).rejects.toMatchObject({
      kind: 'timeout',
    });
    node.server.mode = 'normal';
    const stored = await store.find('sol', 'w-lost');
    const restarted = adapterOn();
    const again = await restarted.broadcast({ id: 'w-lost', to: RECIPIENT, amount: SOL, priority: 'normal' });
    expect(again.txid).toBe(stored?.txid);
    node.produce();
    expect(await restarted.getTransaction(again.txid)).toMatchObject({ status: 'confirmed', amount: SOL });
    expect(node.balances.get(RECIPIENT)).toBe(SOL);
  });

  it('times out on a node that does not answer, and calls nonsense malformed', async () => {
    node.server.mode = 'stall';
    await expect(adapterOn(STALLED_NODE_TIMEOUT_MS).getBlockHeight()).rejects.toMatchObject({
      name: 'NodeError',
      kind: 'timeout',
    });
    node.server.mode = 'garbage';
    await expect(adapter.getBlockHeight()).rejects.toMatchObject({ name: 'NodeError', kind: 'malformed' });
    node.server.mode = 'normal';
    const answer = node.answer.bind(node);
    node.answer = (body) => (body.method === 'getSlot' ? { jsonrpc: '2.0', id: body.id, result: -4 } : answer(body));
    await expect(adapter.getBlockHeight()).rejects.toMatchObject({ name: 'NodeError', kind: 'malformed' });
    node.answer = (body) =>
      body.method === 'getBlock'
        ? { jsonrpc: '2.0', id: body.id, result: { blockhash: 'x', previousBlockhash: 'y', transactions: [] } }
        : answer(body);
    await expect(adapter.scanner.block(node.slot)).rejects.toMatchObject({ name: 'NodeError', kind: 'malformed' });
  });

  it('calls a node that is not there unreachable', async () => {
    await node.server.close();
    await expect(adapter.getBlockHeight()).rejects.toMatchObject({ name: 'NodeError', kind: 'unreachable' });
  });
});
