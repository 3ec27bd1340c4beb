// What the signer checks in the exchange's database before it signs (ADR 0041): one narrow read of
// the send under the transaction's id. It takes no lock (the wallets module holds the send's row
// while it asks for the signature) and writes nothing in the exchange's tables.
import type pg from 'pg';
import type { UnsignedTransaction } from '@rora/chains';
import type { KeyHolder } from './keys.ts';
import { SignerRefusal } from './refusal.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface SendRow {
  network: string;
  kind: string;
  to_address: string;
  destination_tag: string | null;
  amount: string;
  status: string;
  approved: boolean;
}

/** Refuses unless `transaction` is exactly a held, approved, external send of the ledger. */
export async function authorizeWithdrawal(
  client: pg.ClientBase,
  transaction: UnsignedTransaction,
  holder: KeyHolder,
): Promise<void> {
  const rows = UUID.test(transaction.id)
    ? (
        await client.query<SendRow>(
          `SELECT network, kind, to_address, destination_tag::text, amount::text, status,
                  approved_at IS NOT NULL AS approved
             FROM wallet_sends WHERE id = $1`,
          [transaction.id],
        )
      ).rows
    : [];
  const send = rows[0];
  if (!send || send.kind !== 'external' || send.status !== 'held' || !send.approved) {
    throw new SignerRefusal(
      'withdrawal_is_not_held',
      `No approved withdrawal ${transaction.id} is held by the ledger waiting for its signature`,
    );
  }
  const tag = transaction.destinationTag === undefined ? null : String(transaction.destinationTag);
  const differences = [
    send.network === transaction.network ? null : 'network',
    holder.sameDestination(send.to_address, transaction.to) ? null : 'destination',
    send.destination_tag === tag ? null : 'destination tag',
    BigInt(send.amount) === transaction.amount ? null : 'amount',
  ].filter((field) => field !== null);
  if (differences.length > 0) {
    throw new SignerRefusal(
      'withdrawal_does_not_match',
      `The transaction differs from held withdrawal ${transaction.id} in its ${differences.join(', ')}`,
    );
  }
}
