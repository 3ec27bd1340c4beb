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
  /** Account chains: the sender sequence it uses (XRP). */
  readonly nonce?: number;
  /** Expiring transactions: the last ledger (XRP) or block height (Solana) it can be included at. */
  readonly validUntil?: number;
}

export interface BroadcastStore {
  find(network: string, id: string): Promise<StoredBroadcast | null>;
  findByTxid(network: string, txid: string): Promise<StoredBroadcast | null>;
  /** Durable before it resolves; a second save of the same (network, id) keeps the first. */
  save(broadcast: StoredBroadcast): Promise<void>;
  /**
   * Replaces an expired transaction (one that can never be included) by a new one for the same id;
   * false, and nothing changed, when the stored one is no longer `previous` (another process did it).
   */
  replace(previous: StoredBroadcast, next: StoredBroadcast): Promise<boolean>;
  /** Stored transactions of `network` that may still be included after height `height`. */
  unexpired(network: string, height: number): Promise<StoredBroadcast[]>;
}

export function memoryBroadcastStore(): BroadcastStore {
  const byId = new Map<string, StoredBroadcast>();
  return {
    find: async (network, id) => byId.get(`${network}:${id}`) ?? null,
    findByTxid: async (network, txid) =>
      [...byId.values()].find((entry) => entry.network === network && entry.txid === txid) ?? null,
    async save(broadcast) {
      const key = `${broadcast.network}:${broadcast.id}`;
      if (!byId.has(key)) byId.set(key, broadcast);
    },
    async replace(previous, next) {
      const key = `${previous.network}:${previous.id}`;
      if (byId.get(key)?.txid !== previous.txid || next.id !== previous.id) return false;
      byId.set(key, next);
      return true;
    },
    unexpired: async (network, height) =>
      [...byId.values()].filter(
        (entry) => entry.network === network && entry.validUntil !== undefined && entry.validUntil > height,
      ),
  };
}
