// Writes of sends (table wallet_sends). Every change of status is a conditional UPDATE from the
// status it leaves, so two paths racing to take the same step (the request and a chain event, a
// retry and a reconcile) take it once: the loser's UPDATE matches no row. The database trigger
// refuses any change outside the state machine.
import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@rora/db';
import type { NetworkId } from '@rora/chains';

const { walletSends } = schema;
type Executor = Db | Tx;
export type SendRow = typeof walletSends.$inferSelect;
export type NewSend = Omit<typeof walletSends.$inferInsert, 'status' | 'createdAt' | 'updatedAt'>;

export interface SendChange {
  from: SendRow['status'][];
  to: SendRow['status'];
  reason?: string;
  confirmations?: number;
  /** The network fee the mined transaction paid (EVM: gasUsed * effectiveGasPrice), replacing the estimate. */
  networkFee?: bigint;
  /** Only while no approval is recorded: a void that must not undo a send the customer approved. */
  unapproved?: boolean;
}

export interface SendsRepository {
  insertHeld(executor: Executor, send: NewSend, now: Date): Promise<void>;
  find(executor: Executor, id: string): Promise<SendRow | null>;
  approve(id: string, now: Date): Promise<SendRow | null>;
  /** held -> broadcast, with the txid; null when the send had already left `held`. */
  markBroadcast(
    executor: Executor,
    id: string,
    chain: { txid: string; networkFee: bigint },
    now: Date,
  ): Promise<SendRow | null>;
  setConfirmations(id: string, confirmations: number, now: Date): Promise<boolean>;
  /** `from` -> `to` in the caller's transaction; null when the send is not in `from`. */
  move(tx: Tx, id: string, change: SendChange, now: Date): Promise<SendRow | null>;
  /**
   * Sends of a network still in flight: approved and held (an external one to broadcast, an internal
   * one to post: a crash came between its approval and its settlement), broadcast, confirmed.
   */
  open(network: NetworkId): Promise<SendRow[]>;
  /** Holds never approved (the request died between hold and approval), older than `before`. */
  unapproved(network: NetworkId, before: Date): Promise<SendRow[]>;
  /**
   * The ids of approved external sends held on these networks and waiting for no reason of their own
   * (ADR 0083: sends held on a replica that does not run the devnet), oldest first; approved before
   * `approvedBefore` only (one approved a moment ago is being broadcast by its own request).
   */
  heldToBroadcast(networks: readonly NetworkId[], approvedBefore: Date): Promise<string[]>;
}

/** The transitions of a send. */
function transitions(db: Db): Omit<SendsRepository, 'open' | 'unapproved' | 'heldToBroadcast'> {
  return {
    async insertHeld(executor, send, now) {
      await executor.insert(walletSends).values({ ...send, status: 'held', createdAt: now, updatedAt: now });
    },

    async find(executor, id) {
      const [row] = await executor.select().from(walletSends).where(eq(walletSends.id, id));
      return row ?? null;
    },

    async approve(id, now) {
      const [row] = await db
        .update(walletSends)
        .set({ approvedAt: now, updatedAt: now })
        .where(and(eq(walletSends.id, id), eq(walletSends.status, 'held'), isNull(walletSends.approvedAt)))
        .returning();
      return row ?? null;
    },

    async markBroadcast(executor, id, chain, now) {
      const [row] = await executor
        .update(walletSends)
        .set({
          status: 'broadcast',
          waitingReason: null,
          txid: chain.txid,
          networkFee: String(chain.networkFee),
          broadcastAt: now,
          updatedAt: now,
        })
        .where(and(eq(walletSends.id, id), eq(walletSends.status, 'held'), isNotNull(walletSends.approvedAt)))
        .returning();
      return row ?? null;
    },

    async setConfirmations(id, confirmations, now) {
      const rows = await db
        .update(walletSends)
        .set({ confirmations, updatedAt: now })
        .where(
          and(
            eq(walletSends.id, id),
            eq(walletSends.status, 'broadcast'),
            sql`${walletSends.confirmations} <> ${confirmations}`,
          ),
        )
        .returning({ id: walletSends.id });
      return rows.length > 0;
    },

    async move(tx, id, change, now) {
      const settled = change.to === 'posted' || change.to === 'voided';
      const [row] = await tx
        .update(walletSends)
        .set({
          status: change.to,
          updatedAt: now,
          ...(settled ? { settledAt: now } : {}),
          ...(change.reason ? { failureReason: change.reason } : {}),
          ...(change.confirmations === undefined ? {} : { confirmations: change.confirmations }),
          ...(change.networkFee === undefined ? {} : { networkFee: String(change.networkFee) }),
        })
        .where(
          and(
            eq(walletSends.id, id),
            inArray(walletSends.status, change.from),
            change.unapproved ? isNull(walletSends.approvedAt) : undefined,
          ),
        )
        .returning();
      return row ?? null;
    },
  };
}

/** Sends a reconcile must finish. */
function unfinished(db: Db): Pick<SendsRepository, 'open' | 'unapproved' | 'heldToBroadcast'> {
  return {
    open: (network) =>
      db
        .select()
        .from(walletSends)
        .where(
          and(
            eq(walletSends.network, network),
            inArray(walletSends.status, ['held', 'broadcast', 'confirmed']),
            isNotNull(walletSends.approvedAt),
          ),
        ),

    unapproved: (network, before) =>
      db
        .select()
        .from(walletSends)
        .where(
          and(
            eq(walletSends.network, network),
            eq(walletSends.status, 'held'),
            isNull(walletSends.approvedAt),
            lt(walletSends.createdAt, before),
          ),
        ),

    // On the open sends' partial index (wallet_sends_open_idx): a small read, done every second.
    heldToBroadcast: async (networks, approvedBefore) => {
      if (networks.length === 0) return [];
      const rows = await db
        .select({ id: walletSends.id })
        .from(walletSends)
        .where(
          and(
            inArray(walletSends.network, [...networks]),
            eq(walletSends.status, 'held'),
            eq(walletSends.kind, 'external'),
            lt(walletSends.approvedAt, approvedBefore),
            isNull(walletSends.waitingReason),
          ),
        )
        .orderBy(walletSends.createdAt);
      return rows.map((row) => row.id);
    },
  };
}

export function createSendsRepository(db: Db): SendsRepository {
  return { ...transitions(db), ...unfinished(db) };
}
