// The XRP adapter against a local stand-in rippled (testing/fake-rippled.ts) that answers with the
// documented JSON-RPC shapes and checks what the adapter submits: the decoded blob's destination,
// amount, tag, sequence, fee, last ledger and signature.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decode, encodeForSigning } from 'ripple-binary-codec';
import { deriveAddress, deriveKeypair, generateSeed, verify } from 'ripple-keypairs';
import { memoryBroadcastStore, type BroadcastStore } from '../utxo/broadcast-store.ts';
import { NodeError } from '../utxo/rpc-client.ts';
import { createXrpRpcAdapter } from './index.ts';
import type { XrpRpcAdapter } from './adapter.ts';
import { FakeRippled } from './testing/fake-rippled.ts';

const PORTS = { from: 4800, to: 4809 };
const seedOf = (byte: number) => generateSeed({ entropy: new Uint8Array(16).fill(byte) });
const HOT_SEED = seedOf(7);
const HOT = deriveAddress(deriveKeypair(HOT_SEED).publicKey);
const CUSTOMER = deriveAddress(deriveKeypair(seedOf(9)).publicKey);
const EXCHANGE = deriveAddress(deriveKeypair(seedOf(11)).publicKey);
const XRP = 1_000_000n;

let rippled: FakeRippled;
let store: BroadcastStore;
let adapter: XrpRpcAdapter;

function submitted(): Record<string, unknown>[] {
  return rippled.server.requests
    .filter((request) => request.method === 'submit')
    .map((request) => decode(String(((request.body.params as unknown[])[0] as { tx_blob: string }).tx_blob)));
}

/**
 * The server runs in this process: a busy machine that stalls it for half a second makes an answered
 * call time out. Only the tests of a server that never answers wait this little, and only for that call.
 */
const STALLED_SERVER_TIMEOUT_MS = 1_000;

/** An adapter on the stand-in server and the test's store (the default timeout without `timeoutMs`). */
const adapterOn = (timeoutMs?: number) =>
  createXrpRpcAdapter({ rpc: { url: rippled.server.url, timeoutMs }, omnibusAddress: HOT, hotSeed: HOT_SEED, store });

beforeEach(async () => {
  rippled = await new FakeRippled().start(PORTS);
  rippled.fund(HOT, 1_000n * XRP);
  rippled.fund(EXCHANGE, 50n * XRP, 0x0002_0000);
  store = memoryBroadcastStore();
  adapter = adapterOn();
});

afterEach(() => rippled.server.close());

describe('XRP deposits from validated ledgers', () => {
  it('finds the XRP a payment delivered to a customer tag, not the Amount it named', async () => {
    const customer = adapter.deriveAddress(3);
    expect(customer).toMatchObject({ address: HOT, destinationTag: 100_003 });
    const payment = { TransactionType: 'Payment', Account: CUSTOMER, Destination: HOT, Fee: '12', Sequence: 4 };
    // A partial payment: it names 500 XRP and delivers 2.
    const partial = rippled.include(
      { ...payment, Amount: (500n * XRP).toString(), DestinationTag: 100_003, Flags: 0x0002_0000 },
      { TransactionIndex: 0, TransactionResult: 'tesSUCCESS', delivered_amount: (2n * XRP).toString() },
    );
    // Not deposits: a failed payment, an issued currency.
    rippled.include(
      { ...payment, Amount: '5000000', DestinationTag: 100_003, Sequence: 5 },
      { TransactionIndex: 1, TransactionResult: 'tecPATH_DRY' },
    );
    const usd = { currency: 'USD', issuer: EXCHANGE, value: '10' };
    rippled.include(
      { ...payment, Amount: usd, DestinationTag: 100_003, Sequence: 6 },
      { TransactionIndex: 2, TransactionResult: 'tesSUCCESS', delivered_amount: usd },
    );
    const ledger = rippled.closeLedger();

    expect(await adapter.scanner.tipHeight()).toBe(ledger.index);
    expect(await adapter.scanner.blockHash(ledger.index)).toBe(ledger.hash);
    expect(await adapter.scanner.blockHash(ledger.index + 1)).toBeNull();
    const scanned = await adapter.scanner.block(ledger.index);
    expect(scanned).toEqual({
      height: ledger.index,
      hash: ledger.hash,
      previousHash: rippled.ledgers.get(ledger.index - 1)?.hash,
      outputs: [{ txid: partial, outputIndex: 0, address: HOT, amount: 2n * XRP, destinationTag: 100_003 }],
    });
    expect(await adapter.scanner.block(ledger.index + 1)).toBeNull();
    const ledgerCalls = rippled.server.requests.filter((request) => request.method === 'ledger');
    expect(ledgerCalls.at(-1)?.body.params).toEqual([
      { api_version: 2, ledger_index: ledger.index + 1, transactions: true, expand: true },
    ]);
  });
});

describe('XRP withdrawals', () => {
  it('signs a payment with the fee, sequence and last ledger, stores it before submitting, confirms it', async () => {
    const result = await adapter.broadcast({ id: 'w-1', to: CUSTOMER, amount: 25n * XRP, priority: 'normal' });
    const [blob] = submitted();
    expect(blob).toMatchObject({
      TransactionType: 'Payment',
      Account: HOT,
      Destination: CUSTOMER,
      Amount: (25n * XRP).toString(),
      Fee: '12',
      Sequence: 1,
      LastLedgerSequence: rippled.validated + 20,
      Flags: 0,
    });
    const { TxnSignature, ...unsigned } = blob as Record<string, unknown>;
    expect(verify(encodeForSigning(unsigned), String(TxnSignature), String(blob?.SigningPubKey))).toBe(true);
    expect(await store.find('xrp', 'w-1')).toMatchObject({ txid: result.txid, nonce: 1, fee: 12n });
    expect(result).toMatchObject({ fee: 12n, feeAsset: 'XRP', status: 'pending' });
    expect(await adapter.getTransaction(result.txid)).toMatchObject({ status: 'pending', withdrawalId: 'w-1' });

    const ledger = rippled.closeLedger();
    expect(await adapter.getTransaction(result.txid)).toMatchObject({
      status: 'confirmed',
      amount: 25n * XRP,
      fee: 12n,
      to: CUSTOMER,
      blockHeight: ledger.index,
      blockHash: ledger.hash,
      confirmations: 1,
    });
    // The same id again: the same transaction, not another payment.
    expect((await adapter.broadcast({ id: 'w-1', to: CUSTOMER, amount: 25n * XRP, priority: 'normal' })).txid).toBe(
      result.txid,
    );
    expect(rippled.accounts.get(CUSTOMER)?.balance).toBe(25n * XRP);
  });

  it('gives concurrent withdrawals distinct sequences, and every one is applied', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        adapter.broadcast({ id: `w-${index}`, to: CUSTOMER, amount: XRP + BigInt(index), priority: 'fast' }),
      ),
    );
    const sequences = submitted().map((blob) => blob.Sequence);
    expect(new Set(sequences)).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    expect(submitted().every((blob) => blob.Fee === '24')).toBe(true);
    rippled.closeLedger();
    const statuses = await Promise.all(results.map((result) => adapter.getTransaction(result.txid)));
    expect(statuses.map((status) => status?.status)).toEqual(Array(6).fill('confirmed'));
  });

  it('knows a transaction dropped before its last ledger failed, and rebuilds it on the same sequence', async () => {
    rippled.dropSubmissions = true;
    const first = await adapter.broadcast({ id: 'w-drop', to: CUSTOMER, amount: 3n * XRP, priority: 'normal' });
    for (let ledger = 0; ledger < 20; ledger += 1) rippled.closeLedger();
    // At its last ledger it may still be included: not failed yet (and it is sent again).
    expect(await adapter.getTransaction(first.txid)).toMatchObject({ status: 'pending' });
    rippled.closeLedger();
    expect(await adapter.getTransaction(first.txid)).toMatchObject({
      status: 'failed',
      failureReason: 'transaction_expired',
      withdrawalId: 'w-drop',
    });
    rippled.dropSubmissions = false;
    const again = await adapter.broadcast({ id: 'w-drop', to: CUSTOMER, amount: 3n * XRP, priority: 'normal' });
    expect(again.txid).not.toBe(first.txid);
    expect(submitted().at(-1)).toMatchObject({ Sequence: 1, LastLedgerSequence: rippled.validated + 20 });
    rippled.closeLedger();
    expect(await adapter.getTransaction(again.txid)).toMatchObject({ status: 'confirmed' });
  });

  it('reports a transaction validated with a failure code as failed, its fee paid', async () => {
    rippled.accounts.set(EXCHANGE, { balance: 50n * XRP, sequence: 1, flags: 0, ownerCount: 0 });
    const sent = await adapter.broadcast({ id: 'w-tec', to: EXCHANGE, amount: 990n * XRP, priority: 'normal' });
    rippled.accounts.get(HOT)!.balance = 10n * XRP;
    rippled.closeLedger();
    expect(await adapter.getTransaction(sent.txid)).toMatchObject({
      status: 'failed',
      failureReason: 'tecUNFUNDED_PAYMENT',
      fee: 12n,
      amount: 0n,
    });
  });

  it('refuses what the chain would refuse before signing: a missing required tag, an empty hot wallet', async () => {
    expect(await adapter.validateAddress(EXCHANGE)).toMatchObject({ ok: false, code: 'destination_tag_required' });
    expect(await adapter.validateAddress(EXCHANGE, { destinationTag: 7 })).toMatchObject({ ok: true });
    await expect(
      adapter.broadcast({ id: 'w-tag', to: EXCHANGE, amount: XRP, priority: 'normal' }),
    ).rejects.toMatchObject({
      name: 'ChainError',
      code: 'destination_tag_required',
    });
    await expect(
      adapter.broadcast({ id: 'w-big', to: CUSTOMER, amount: 1_000n * XRP, priority: 'normal' }),
    ).rejects.toMatchObject({ name: 'ChainError', code: 'hot_wallet_balance_is_insufficient' });
    const tagged = await adapter.broadcast({
      id: 'w-ok',
      to: EXCHANGE,
      amount: XRP,
      destinationTag: 7,
      priority: 'slow',
    });
    expect(submitted()).toHaveLength(1);
    expect(submitted()[0]).toMatchObject({ DestinationTag: 7, Fee: '10', Sequence: 1 });
    expect(tagged.fee).toBe(10n);
  });
});

describe('XRP node failures are NodeErrors, not chain refusals', () => {
  it('keeps a send whose submit the server refused, and sends the same bytes later', async () => {
    rippled.submitResult = 'telINSUF_FEE_P';
    const error = await adapter
      .broadcast({ id: 'w-busy', to: CUSTOMER, amount: XRP, priority: 'normal' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NodeError);
    expect(error).toMatchObject({ kind: 'rejected' });
    rippled.submitResult = undefined;
    const retried = await adapter.broadcast({ id: 'w-busy', to: CUSTOMER, amount: XRP, priority: 'normal' });
    const [first, second] = submitted();
    expect(second).toEqual(first);
    expect(retried.txid).toBe((await store.find('xrp', 'w-busy'))?.txid);
  });

  it('after a crash between storing and submitting, resends the stored bytes and never reuses their sequence', async () => {
    rippled.server.mode = 'stall';
    rippled.server.stallOnly = 'submit';
    await expect(
      adapterOn(STALLED_SERVER_TIMEOUT_MS).broadcast({ id: 'w-lost', to: CUSTOMER, amount: XRP, priority: 'normal' }),
    ).rejects.toMatchObject({
      kind: 'timeout',
    });
    rippled.server.mode = 'normal';
    const stored = await store.find('xrp', 'w-lost');
    expect(stored).toMatchObject({ nonce: 1 });
    // A new process on the same store: its sequences start above the stored, unexpired one.
    const restarted = adapterOn();
    await restarted.broadcast({ id: 'w-next', to: CUSTOMER, amount: XRP, priority: 'normal' });
    const again = await restarted.broadcast({ id: 'w-lost', to: CUSTOMER, amount: XRP, priority: 'normal' });
    expect(again.txid).toBe(stored?.txid);
    // The first submit never got an answer (nor reached the ledger); then 2 for the new withdrawal, then 1 again.
    expect(submitted().map((blob) => blob.Sequence)).toEqual([1, 2, 1]);
    rippled.closeLedger();
    // The ledger applies 1 only; 2 waits for it (a real server would queue it) and is resent by the reconcile.
    expect(await restarted.getTransaction(again.txid)).toMatchObject({ status: 'confirmed' });
  });

  it('times out on a server that does not answer', async () => {
    rippled.server.mode = 'stall';
    await expect(adapterOn(STALLED_SERVER_TIMEOUT_MS).getBlockHeight()).rejects.toMatchObject({
      name: 'NodeError',
      kind: 'timeout',
    });
  });

  it('calls answers that are not JSON, or not the documented shape, malformed', async () => {
    rippled.server.mode = 'garbage';
    await expect(adapter.getBlockHeight()).rejects.toMatchObject({ name: 'NodeError', kind: 'malformed' });
    rippled.server.mode = 'normal';
    const ledger = rippled.closeLedger();
    ledger.transactions.push({
      hash: 'AB'.repeat(32),
      json: { TransactionType: 'Payment', Destination: HOT, Amount: '5' },
      meta: { TransactionResult: 'tesSUCCESS', delivered_amount: '-5' },
    } as never);
    await expect(adapter.scanner.block(ledger.index)).rejects.toMatchObject({ name: 'NodeError', kind: 'malformed' });
    await expect(adapter.estimateFee({ amount: 0n, priority: 'normal' })).rejects.toMatchObject({
      name: 'ChainError',
      code: 'amount_must_be_positive',
    });
  });

  it('calls a server that is not there unreachable', async () => {
    await rippled.server.close();
    await expect(adapter.getBlockHeight()).rejects.toMatchObject({ name: 'NodeError', kind: 'unreachable' });
  });
});
