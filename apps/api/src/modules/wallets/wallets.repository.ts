// Reads and writes of wallets (deposit addresses) and their owners' derivation index. Every read by
// id is scoped to its owner, so another customer's wallet is simply not found.
import { and, asc, eq, gt, inArray, isNull, max, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@rora/db';
import type { NetworkId } from '@rora/chains';

const { wallets, walletOwners } = schema;
type Executor = Db | Tx;

export interface WalletRow {
  id: string;
  userId: string;
  network: NetworkId;
  asset: string;
  addressIndex: number;
  address: string;
  destinationTag: number | null;
  favourite: boolean;
  createdAt: Date;
}

export interface NewWallet {
  userId: string;
  network: NetworkId;
  asset: string;
  addressIndex: number;
  address: string;
  destinationTag: number | null;
  derivationPath: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids come from the path: anything that is not a UUID is simply not found. */
export const isUuid = (value: string) => UUID.test(value);

const columns = {
  id: wallets.id,
  userId: wallets.userId,
  network: sql<NetworkId>`${wallets.network}`,
  asset: wallets.asset,
  addressIndex: wallets.addressIndex,
  address: wallets.address,
  destinationTag: wallets.destinationTag,
  favourite: wallets.favourite,
  createdAt: wallets.createdAt,
};

export interface WalletsRepository {
  listByUser(userId: string): Promise<WalletRow[]>;
  findOwned(userId: string, id: string): Promise<WalletRow | null>;
  findByNetwork(userId: string, network: NetworkId): Promise<WalletRow | null>;
  /** The wallet that owns an address (and tag) on a network: deposits and internal sends. */
  findByAddress(executor: Executor, network: NetworkId, address: string, tag: number | null): Promise<WalletRow | null>;
  /** The wallets among `addresses` of a network without destination tags (a scanned block's outputs). */
  findByAddresses(network: NetworkId, addresses: readonly string[]): Promise<WalletRow[]>;
  /** Wallets on a shared address told apart by destination tag (XRP): the (address, tag) pairs given. */
  findByAddressTags(network: NetworkId, pairs: readonly { address: string; tag: number }[]): Promise<WalletRow[]>;
  /** The customer's derivation index, drawn once from a sequence. */
  addressIndex(userId: string): Promise<number>;
  insertMissing(rows: readonly NewWallet[]): Promise<WalletRow[]>;
  setFavourite(userId: string, id: string, favourite: boolean | undefined): Promise<WalletRow | null>;
  /** Dev tools (the faucet) name customers by e-mail. */
  userIdByEmail(email: string): Promise<string | null>;
  /**
   * Every (network, address) to watch on the chains, with its newest wallet's creation; with `since`,
   * only those of a wallet created after it (the owner of the devnet follows other replicas' addresses).
   */
  watchList(since?: Date): Promise<{ network: NetworkId; address: string; createdAt: Date }[]>;
}

export function createWalletsRepository(db: Db): WalletsRepository {
  return {
    listByUser: (userId) =>
      db.select(columns).from(wallets).where(eq(wallets.userId, userId)).orderBy(asc(wallets.createdAt)),

    async findOwned(userId, id) {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select(columns)
        .from(wallets)
        .where(and(eq(wallets.id, id), eq(wallets.userId, userId)));
      return row ?? null;
    },

    async findByNetwork(userId, network) {
      const [row] = await db
        .select(columns)
        .from(wallets)
        .where(and(eq(wallets.userId, userId), eq(wallets.network, network)));
      return row ?? null;
    },

    async findByAddress(executor, network, address, tag) {
      const [row] = await executor
        .select(columns)
        .from(wallets)
        .where(
          and(
            eq(wallets.network, network),
            eq(wallets.address, address),
            tag === null ? isNull(wallets.destinationTag) : eq(wallets.destinationTag, tag),
          ),
        );
      return row ?? null;
    },

    findByAddresses: (network, addresses) =>
      addresses.length === 0
        ? Promise.resolve([])
        : db
            .select(columns)
            .from(wallets)
            .where(
              and(
                eq(wallets.network, network),
                inArray(wallets.address, [...addresses]),
                isNull(wallets.destinationTag),
              ),
            ),

    findByAddressTags: (network, pairs) => findByAddressTags(db, network, pairs),

    async addressIndex(userId) {
      await db.insert(walletOwners).values({ userId }).onConflictDoNothing();
      const [row] = await db
        .select({ addressIndex: walletOwners.addressIndex })
        .from(walletOwners)
        .where(eq(walletOwners.userId, userId));
      if (!row) throw new Error('wallet owner row missing after insert');
      return row.addressIndex;
    },

    async insertMissing(rows) {
      if (rows.length === 0) return [];
      return db
        .insert(wallets)
        .values([...rows])
        .onConflictDoNothing()
        .returning(columns);
    },

    async setFavourite(userId, id, favourite) {
      if (!isUuid(id)) return null;
      const [row] = await db
        .update(wallets)
        .set({ favourite: favourite ?? sql`NOT ${wallets.favourite}` })
        .where(and(eq(wallets.id, id), eq(wallets.userId, userId)))
        .returning(columns);
      return row ?? null;
    },

    async userIdByEmail(email) {
      const [row] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email));
      return row?.id ?? null;
    },

    watchList: (since) => watchList(db, since),
  };
}

/** Each watched (network, address) with its newest wallet's creation, optionally only those created after `since`. */
async function watchList(db: Db, since: Date | undefined) {
  const rows = await db
    .select({ network: columns.network, address: wallets.address, createdAt: max(wallets.createdAt) })
    .from(wallets)
    .where(since ? gt(wallets.createdAt, since) : undefined)
    .groupBy(wallets.network, wallets.address);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt as Date }));
}

/** Wallets on a shared address told apart by destination tag: one statement for all the pairs. */
function findByAddressTags(
  db: Db,
  network: NetworkId,
  pairs: readonly { address: string; tag: number }[],
): Promise<WalletRow[]> {
  if (pairs.length === 0) return Promise.resolve([]);
  const keys = sql.join(
    pairs.map((pair) => sql`(${pair.address}, ${pair.tag}::bigint)`),
    sql`, `,
  );
  return db
    .select(columns)
    .from(wallets)
    .where(and(eq(wallets.network, network), sql`(${wallets.address}, ${wallets.destinationTag}) IN (${keys})`));
}
