// A stand-in Solana node for the adapter's tests: slots with blocks (or skipped), balances, recent
// blockhashes with their last valid block height, and the JSON-RPC methods the adapter calls, with
// the response shapes of the Solana RPC documentation (`context` + `value` wrappers, getBlock's
// `meta.preBalances`/`postBalances`, errors `{code, message}` such as -32007 for a skipped slot).
// `sendTransaction` decodes the wire transaction and checks the fee payer's signature and blockhash.
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base58 } from '@scure/base';
import { getBase64Encoder, getCompiledTransactionMessageDecoder, getTransactionDecoder } from '@solana/kit';
import { startJsonRpcServer, type JsonRpcTestServer } from '../../testing/json-rpc-server.ts';

export const LAMPORTS_PER_SIGNATURE = 5_000n;
const SYSTEM_PROGRAM = '11111111111111111111111111111111';
/** Blocks a blockhash stays valid for, as on the real cluster. */
const BLOCKHASH_LIFETIME = 150;

interface FakeTransaction {
  readonly signature: string;
  readonly accountKeys: string[];
  readonly deltas: bigint[];
  readonly fee: bigint;
  err: unknown;
  slot?: number;
}

interface FakeBlock {
  readonly slot: number;
  readonly blockHeight: number;
  readonly blockhash: string;
  readonly previousBlockhash: string;
  readonly parentSlot: number;
  readonly transactions: { tx: FakeTransaction; pre: bigint[]; post: bigint[] }[];
}

const hash58 = (text: string) => base58.encode(sha256(new TextEncoder().encode(text)));
const rpcError = (code: number, message: string) => ({ jsonrpc: '2.0', id: 1, error: { code, message } });

export class FakeSolana {
  readonly balances = new Map<string, bigint>();
  readonly blocks = new Map<number, FakeBlock | 'skipped'>();
  readonly signatures = new Map<string, FakeTransaction>();
  readonly blockhashes = new Map<string, number>();
  readonly queue: FakeTransaction[] = [];
  slot = 500;
  blockHeight = 400;
  /** Slots behind the newest that are finalized. */
  finalityLag = 0;
  dropSubmissions = false;
  server!: JsonRpcTestServer;
  #last: FakeBlock;

  constructor() {
    this.#last = this.#block(this.slot, this.blockHeight, { hash: hash58('parent'), slot: this.slot - 1 }, []);
  }

  async start(ports: { from: number; to: number }): Promise<this> {
    this.server = await startJsonRpcServer(ports, (body) => this.answer(body));
    return this;
  }

  get finalizedSlot(): number {
    return this.slot - this.finalityLag;
  }

  get finalizedHeight(): number {
    let height = this.blockHeight;
    for (let slot = this.slot; slot > this.finalizedSlot; slot -= 1)
      if (this.blocks.get(slot) !== 'skipped') height -= 1;
    return height;
  }

  /** A transfer made outside Rora, in the next block (`err`: it failed, paying only its fee). */
  transfer(from: string, to: string, lamports: bigint, err: unknown = null): string {
    const seed = `${from} ${to} ${lamports} ${this.signatures.size + this.queue.length}`;
    const tx: FakeTransaction = {
      signature: base58.encode(
        new Uint8Array([...sha256(new TextEncoder().encode(seed)), ...new Uint8Array(32).fill(1)]),
      ),
      accountKeys: [from, to, SYSTEM_PROGRAM],
      deltas: err === null ? [-lamports, lamports, 0n] : [0n, 0n, 0n],
      fee: LAMPORTS_PER_SIGNATURE,
      err,
    };
    this.queue.push(tx);
    return tx.signature;
  }

  /** Produces the next slot: a block with what was queued, or a skipped slot. */
  produce(options: { skipped?: boolean } = {}): number {
    this.slot += 1;
    if (options.skipped) {
      this.blocks.set(this.slot, 'skipped');
      return this.slot;
    }
    this.blockHeight += 1;
    const included = this.queue.splice(0).map((tx) => {
      const pre = tx.accountKeys.map((key) => this.balances.get(key) ?? 0n);
      const post = pre.map((balance, index) => balance + (tx.deltas[index] ?? 0n) - (index === 0 ? tx.fee : 0n));
      tx.accountKeys.forEach((key, index) => this.balances.set(key, post[index] as bigint));
      tx.slot = this.slot;
      this.signatures.set(tx.signature, tx);
      return { tx, pre, post };
    });
    this.#last = this.#block(
      this.slot,
      this.blockHeight,
      { hash: this.#last.blockhash, slot: this.#last.slot },
      included,
    );
    return this.slot;
  }

  #block(
    slot: number,
    blockHeight: number,
    parent: { readonly hash: string; readonly slot: number },
    transactions: FakeBlock['transactions'],
  ) {
    const block: FakeBlock = {
      slot,
      blockHeight,
      blockhash: hash58(`block ${slot}`),
      previousBlockhash: parent.hash,
      parentSlot: parent.slot,
      transactions,
    };
    this.blocks.set(slot, block);
    this.blockhashes.set(block.blockhash, blockHeight + BLOCKHASH_LIFETIME);
    return block;
  }

  answer(body: Record<string, unknown>): unknown {
    const params = (body.params ?? []) as unknown[];
    const context = { slot: this.slot, apiVersion: '2.0.15' };
    const ok = (result: unknown) => ({ jsonrpc: '2.0', id: body.id, result });
    switch (body.method) {
      case 'getSlot':
        return ok(this.finalizedSlot);
      case 'getBlockHeight':
        return ok(this.finalizedHeight);
      case 'getBalance':
        return ok({ context, value: Number(this.balances.get(String(params[0])) ?? 0n) });
      case 'getLatestBlockhash':
        return ok({
          context,
          value: { blockhash: this.#last.blockhash, lastValidBlockHeight: this.#last.blockHeight + BLOCKHASH_LIFETIME },
        });
      case 'getFeeForMessage':
        return ok({ context, value: this.#fee(String(params[0])) });
      case 'getBlock':
        return this.#getBlock(Number(params[0]), (params[1] ?? {}) as Record<string, unknown>, ok);
      case 'getSignatureStatuses':
        return ok({ context, value: (params[0] as string[]).map((signature) => this.#status(signature)) });
      case 'sendTransaction':
        return this.#send(String(params[0]), ok);
      default:
        return rpcError(-32601, 'Method not found');
    }
  }

  #fee(message: string): number | null {
    const compiled = getCompiledTransactionMessageDecoder().decode(getBase64Encoder().encode(message));
    const lastValid = this.blockhashes.get(compiled.lifetimeToken);
    if (lastValid === undefined || lastValid < this.blockHeight) return null;
    return Number(LAMPORTS_PER_SIGNATURE) * compiled.header.numSignerAccounts;
  }

  #getBlock(slot: number, config: Record<string, unknown>, ok: (result: unknown) => unknown) {
    const block = this.blocks.get(slot);
    if (slot > this.finalizedSlot || block === undefined)
      return rpcError(-32004, `Block not available for slot ${slot}`);
    if (block === 'skipped') {
      return rpcError(-32007, `Slot ${slot} was skipped, or missing due to ledger jump to recent snapshot`);
    }
    const header = {
      blockHeight: block.blockHeight,
      blockTime: 1_732_600_000 + slot,
      blockhash: block.blockhash,
      parentSlot: block.parentSlot,
      previousBlockhash: block.previousBlockhash,
    };
    if (config.transactionDetails === 'none') return ok(header);
    return ok({ ...header, transactions: block.transactions.map((entry) => this.#blockTransaction(entry)) });
  }

  #blockTransaction({ tx, pre, post }: FakeBlock['transactions'][number]) {
    return {
      meta: {
        computeUnitsConsumed: 150,
        err: tx.err,
        fee: Number(tx.fee),
        innerInstructions: [],
        loadedAddresses: { readonly: [], writable: [] },
        logMessages: [],
        postBalances: post.map(Number),
        postTokenBalances: [],
        preBalances: pre.map(Number),
        preTokenBalances: [],
        rewards: [],
        status: tx.err === null ? { Ok: null } : { Err: tx.err },
      },
      transaction: {
        message: {
          accountKeys: tx.accountKeys,
          header: { numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 1, numRequiredSignatures: 1 },
          instructions: [{ accounts: [0, 1], data: '3Bxs4h24hBtQy9rw', programIdIndex: 2, stackHeight: null }],
          recentBlockhash: this.#last.blockhash,
        },
        signatures: [tx.signature],
      },
      version: 0,
    };
  }

  #status(signature: string) {
    const tx = this.signatures.get(signature);
    if (!tx || tx.slot === undefined) return null;
    const finalized = tx.slot <= this.finalizedSlot;
    return {
      slot: tx.slot,
      confirmations: finalized ? null : this.slot - tx.slot,
      err: tx.err,
      confirmationStatus: finalized ? 'finalized' : 'confirmed',
      status: tx.err === null ? { Ok: null } : { Err: tx.err },
    };
  }

  #send(wire: string, ok: (result: unknown) => unknown) {
    const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(wire));
    const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
    const payer = message.staticAccounts[0] as string;
    const signatureBytes = transaction.signatures[payer as keyof typeof transaction.signatures] as Uint8Array | null;
    if (
      !signatureBytes ||
      !ed25519.verify(signatureBytes, new Uint8Array(transaction.messageBytes), base58.decode(payer))
    ) {
      return rpcError(-32003, 'Transaction signature verification failure');
    }
    const signature = base58.encode(signatureBytes);
    if (this.signatures.has(signature) || this.queue.some((tx) => tx.signature === signature)) {
      return rpcError(-32002, 'Transaction simulation failed: This transaction has already been processed');
    }
    const lastValid = this.blockhashes.get(message.lifetimeToken);
    if (lastValid === undefined || lastValid < this.blockHeight) {
      return rpcError(-32002, 'Transaction simulation failed: Blockhash not found');
    }
    const [transfer] = (message as unknown as { instructions: { data?: Uint8Array }[] }).instructions;
    const lamports = new DataView(new Uint8Array(transfer?.data as Uint8Array).buffer).getBigUint64(4, true);
    const tx: FakeTransaction = {
      signature,
      accountKeys: [...message.staticAccounts] as string[],
      deltas: message.staticAccounts.map((_, index) => (index === 0 ? -lamports : index === 1 ? lamports : 0n)),
      fee: LAMPORTS_PER_SIGNATURE,
      err: null,
    };
    if ((this.balances.get(payer) ?? 0n) < lamports + tx.fee) {
      return rpcError(
        -32002,
        'Transaction simulation failed: Attempt to debit an account but found no record of a prior credit.',
      );
    }
    if (!this.dropSubmissions) this.queue.push(tx);
    return ok(signature);
  }
}

/** A test key from a fixed seed byte: its address and its 64-byte secret key in base58 (worthless keys). */
export function solanaTestKey(byte: number): { address: string; secret: string } {
  const seed = new Uint8Array(32).fill(byte);
  const publicKey = ed25519.getPublicKey(seed);
  return { address: base58.encode(publicKey), secret: base58.encode(new Uint8Array([...seed, ...publicKey])) };
}
