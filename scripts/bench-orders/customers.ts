// The customers of `npm run bench:orders`: approved, signed in (a session each) and funded by real
// deposit transfers, so the ledger check at the end replays every balance. Set-based: users and
// sessions in one statement each, deposits through the ledger in batches on a few connections.
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '@rora/db';
import { createLedger } from '@rora/ledger';
import { depositTransfers, type Deposit } from '../../apps/api/src/modules/orders/testing/server-child.ts';

export interface Customer {
  userId: string;
  token: string;
}

const BATCH = 500;
const CONNECTIONS = 4;

/** Each customer's deposits: enough for thousands of the bench's small orders. */
const DEPOSITS: readonly Deposit[] = [
  { asset: 'USDT', amount: 1_000_000n * 10n ** 6n },
  { asset: 'BTC', amount: 20n * 10n ** 8n },
  { asset: 'ETH', amount: 400n * 10n ** 18n },
  { asset: 'LTC', amount: 10_000n * 10n ** 8n },
];

async function insertUsers(database: Database, count: number): Promise<Customer[]> {
  const { rows } = await database.pool.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, kyc_status)
     SELECT 'bench-orders-' || i || '@example.test', 'bench-only', 'approved' FROM generate_series(1, $1) i
     RETURNING id`,
    [count],
  );
  const customers = rows.map((row) => ({ userId: row.id, token: randomBytes(32).toString('base64url') }));
  // Signed in earlier and last seen ten minutes ago, as customers coming back: a first request
  // slides the session's expiry, whatever the time the set-up took.
  await database.pool.query(
    `INSERT INTO sessions (user_id, token_hash, created_at, last_seen_at, expires_at)
     SELECT u, h, now() - interval '1 hour', now() - interval '10 minutes', now() + interval '1 day'
       FROM unnest($1::uuid[], $2::bytea[]) AS s(u, h)`,
    [customers.map((c) => c.userId), customers.map((c) => createHash('sha256').update(c.token).digest())],
  );
  return customers;
}

/** `count` approved customers with a session and money in every asset the bench trades. */
export async function createCustomers(database: Database, count: number): Promise<Customer[]> {
  const customers = await insertUsers(database, count);
  const ledger = createLedger();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < customers.length) {
        const batch = customers.slice(next, (next += BATCH));
        await ledger.transferMany(
          database.db,
          batch.flatMap((customer) => depositTransfers(customer.userId, DEPOSITS)),
        );
      }
    }),
  );
  return customers;
}
