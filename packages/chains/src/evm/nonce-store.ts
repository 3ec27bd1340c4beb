// Where the EVM adapter keeps each signed withdrawal, with the nonce it took, before the node sees it.
// An account chain orders a sender's transactions by nonce: two withdrawals signed with one nonce
// would have the node keep one and drop the other, and a nonce skipped would stall every later one.
// So a nonce is taken and the signed transaction stored in one step, under a lock per sender held
// across processes (PostgreSQL in the API: an advisory lock and a unique (scope, nonce) index), and a
// retry under the same withdrawal id finds the stored bytes instead of signing again.
import {
  MemoryBroadcasts,
  memoryBroadcastStore,
  type BroadcastStore,
  type StoredBroadcast,
} from '../utxo/broadcast-store.ts';

/** A stored EVM withdrawal: the sender's scope (chain and address) and its nonce. */
export interface NoncedBroadcast extends StoredBroadcast {
  readonly nonceScope: string;
  readonly nonce: number;
}

export interface NonceContext {
  /** The highest nonce stored for the scope, or null before the first. */
  readonly lastNonce: number | null;
  /** Stored broadcasts of the scope from `nonce` up (those the node may not have seen yet). */
  from(nonce: number): Promise<readonly NoncedBroadcast[]>;
}

export interface NonceStore extends BroadcastStore {
  /**
   * Under the scope's lock: the broadcast already stored for (network, id), or the one `build` signs
   * with a nonce it chooses from the context, stored (durably) before this resolves.
   */
  allocate(
    key: { readonly scope: string; readonly network: string; readonly id: string },
    build: (context: NonceContext) => Promise<NoncedBroadcast>,
  ): Promise<StoredBroadcast>;
}

export function isNonceStore(store: BroadcastStore): store is NonceStore {
  return typeof (store as Partial<NonceStore>).allocate === 'function';
}

/** For tests of the adapter alone: one process, a promise chain per scope as the lock. */
export function memoryNonceStore(): NonceStore {
  const records = new MemoryBroadcasts();
  const { byId } = records;
  const locks = new Map<string, Promise<unknown>>();
  const inScope = (scope: string) =>
    [...byId.values()].filter((entry): entry is NoncedBroadcast => entry.nonceScope === scope);
  const store: NonceStore = {
    ...memoryBroadcastStore(records),
    allocate(key, build) {
      const run = (locks.get(key.scope) ?? Promise.resolve()).then(async () => {
        const existing = byId.get(`${key.network}:${key.id}`);
        if (existing) return existing;
        const nonces = inScope(key.scope).map((entry) => entry.nonce);
        const built = await build({
          lastNonce: nonces.length === 0 ? null : Math.max(...nonces),
          from: async (nonce) => inScope(key.scope).filter((entry) => entry.nonce >= nonce),
        });
        records.takeNonce(built);
        byId.set(`${built.network}:${built.id}`, built);
        return built;
      });
      locks.set(
        key.scope,
        run.catch(() => undefined),
      );
      return run;
    },
  };
  return store;
}
