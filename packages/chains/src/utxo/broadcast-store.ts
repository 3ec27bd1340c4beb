// Where an adapter keeps each signed withdrawal before the node sees it, so a broadcast is exactly
// once across crashes: a retry under the same id (after a timeout, a kill -9 between signing and
// sending, a restart) finds the signed transaction and sends those same bytes again, same txid,
// instead of choosing coins and signing anew (which could pay twice). The API keeps it in PostgreSQL
// (chain_broadcasts); the memory store is for tests of the adapter alone.

export interface StoredBroadcast {
  readonly network: string;
  /** The withdrawal's id (the idempotency id of `broadcast`). */
  readonly id: string;
  /** The request's details; the same id with other details is refused. */
  readonly fingerprint: string;
  readonly txid: string;
  /** The signed transaction, hex. */
  readonly raw: string;
  readonly to: string;
  readonly amount: bigint;
  /** Network fee the transaction pays (inputs minus outputs), minor units of the native asset. */
  readonly fee: bigint;
  /** Account chains: whose sequence `nonce` is (the chain and sender: `xrp:<address>`, `eth:<address>`). */
  readonly nonceScope?: string;
  /** Account chains: the sender sequence it uses (EVM nonce, XRP sequence); set with `nonceScope`. */
  readonly nonce?: number;
  /** Expiring transactions: the last ledger (XRP) or block height (Solana) it can be included at. */
  readonly validUntil?: number;
}

/**
 * Expiring transactions (XRP): the height the chain has validated when a sequence was chosen. A stored
 * broadcast of another id holding the same (nonceScope, nonce) whose `validUntil` is at or below it
 * expired unseen and never can be included: it gives the sequence up (keeping its record, without a
 * nonce). One still valid keeps it, and the write is refused: no two live transactions share a sequence.
 */
export interface NonceReuse {
  readonly validatedHeight: number;
}

export interface BroadcastStore {
  find(network: string, id: string): Promise<StoredBroadcast | null>;
  findByTxid(network: string, txid: string): Promise<StoredBroadcast | null>;
  /**
   * Durable before it resolves; a second save of the same (network, id) keeps the first. Refused
   * (rejects) when another id holds its (nonceScope, nonce) and has not expired by `reuse`.
   */
  save(broadcast: StoredBroadcast, reuse?: NonceReuse): Promise<void>;
  /**
   * Replaces an expired transaction (one that can never be included) by a new one for the same id;
   * false, and nothing changed, when the stored one is no longer `previous` (another process did it).
   * The new sequence is taken as `save` takes it (the same sequence stays on the same record).
   */
  replace(previous: StoredBroadcast, next: StoredBroadcast, reuse?: NonceReuse): Promise<boolean>;
  /** Stored transactions of `network` that may still be included after height `height`. */
  unexpired(network: string, height: number): Promise<StoredBroadcast[]>;
}

/** The memory stores' records, keyed `network:id`, with the (nonceScope, nonce) rule of PostgreSQL's index. */
export class MemoryBroadcasts {
  readonly byId = new Map<string, StoredBroadcast>();

  /** Frees the sequence from expired holders (by `reuse`); throws when a live one of another id holds it. */
  takeNonce(broadcast: StoredBroadcast, reuse?: NonceReuse): void {
    if (broadcast.nonceScope === undefined || broadcast.nonce === undefined) return;
    for (const [key, entry] of this.byId) {
      if (entry.nonceScope !== broadcast.nonceScope || entry.nonce !== broadcast.nonce) continue;
      if (entry.network === broadcast.network && entry.id === broadcast.id) continue;
      const expired =
        reuse !== undefined && entry.validUntil !== undefined && entry.validUntil <= reuse.validatedHeight;
      if (!expired) throw new Error(`nonce ${broadcast.nonce} of ${broadcast.nonceScope} is taken`);
      const { nonceScope: _scope, nonce: _nonce, ...rest } = entry;
      this.byId.set(key, rest);
    }
  }
}

export function memoryBroadcastStore(records = new MemoryBroadcasts()): BroadcastStore {
  const { byId } = records;
  return {
    find: async (network, id) => byId.get(`${network}:${id}`) ?? null,
    findByTxid: async (network, txid) =>
      [...byId.values()].find((entry) => entry.network === network && entry.txid === txid) ?? null,
    async save(broadcast, reuse) {
      const key = `${broadcast.network}:${broadcast.id}`;
      if (byId.has(key)) return;
      records.takeNonce(broadcast, reuse);
      byId.set(key, broadcast);
    },
    async replace(previous, next, reuse) {
      const key = `${previous.network}:${previous.id}`;
      if (byId.get(key)?.txid !== previous.txid || next.id !== previous.id || next.network !== previous.network) {
        return false;
      }
      records.takeNonce(next, reuse);
      byId.set(key, next);
      return true;
    },
    unexpired: async (network, height) =>
      [...byId.values()].filter(
        (entry) => entry.network === network && entry.validUntil !== undefined && entry.validUntil > height,
      ),
  };
}
