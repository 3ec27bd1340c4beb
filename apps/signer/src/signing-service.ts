// Signs a withdrawal once (ADR 0041). Under a per-withdrawal advisory lock, in one transaction: a
// withdrawal already signed gets its recorded bytes back when the request is the same text, and is
// refused otherwise (save where the key allows a replacement the chain can never include beside the
// earlier one: an XRP transaction rebuilt on the same sequence, ADR 0050); a new one is checked against the ledger's held send, signed, and recorded in
// `signer.signatures` (append-only), which commits before the answer leaves. A crash after the
// commit loses only the answer: the retry finds the record and gets the same bytes, the same txid.
import type pg from 'pg';
import {
  decodeUnsigned,
  encodeUnsigned,
  isChainError,
  type NetworkId,
  type RecordedSignature,
  type SignedTransaction,
  type Signer,
  type UnsignedTransaction,
} from '@rora/chains';
import { authorizeWithdrawal } from './authorize.ts';
import type { KeyHolder } from './keys.ts';
import { SignerRefusal } from './refusal.ts';
import { authorizeGasTopUp, authorizeSweep, isColdMove, type SweepOptions } from './sweep-authorization.ts';

export interface SignatureRecord {
  readonly network: string;
  readonly id: string;
  readonly txid: string;
  readonly amount: bigint;
  readonly to: string;
  readonly signedAt: Date;
}

export interface SigningServiceOptions {
  readonly pool: pg.Pool;
  readonly keys: readonly KeyHolder[];
  /** Each new signature once recorded (the process logs it); tests may stop the process here. */
  readonly onSigned?: (record: SignatureRecord) => void;
  /** Deposit account keys for sweeps (ADR 0049); without them every sweep is refused. */
  readonly sweeps?: SweepOptions;
}

/** The signer's core; it is itself a `Signer`, so the sandbox and tests can run it in-process. */
export interface SigningService extends Signer {
  addresses(): Record<string, string>;
  recorded(network: NetworkId, id: string): Promise<RecordedSignature | null>;
}

export function createSigningService(options: SigningServiceOptions): SigningService {
  const holders = new Map<string, KeyHolder>(options.keys.map((holder) => [holder.network, holder]));
  const holderFor = (network: NetworkId) => {
    const holder = holders.get(network);
    if (!holder) throw new SignerRefusal('signer_has_no_key_for_network', `The signer holds no ${network} key`);
    return holder;
  };
  return {
    addresses: () => Object.fromEntries([...holders].map(([network, holder]) => [network, holder.address])),
    addressFor: (network) => holderFor(network).address,
    async sign(transaction) {
      const holder = holderFor(transaction.network);
      const { signed, record } = await signOnce(options.pool, holder, transaction, options.sweeps);
      if (record) options.onSigned?.(record);
      return signed;
    },
    recorded: (network, id) => recorded(options.pool, network, id),
  };
}

async function recorded(pool: pg.Pool, network: NetworkId, id: string): Promise<RecordedSignature | null> {
  // The latest attempt: an earlier one was replaced only because it can never be included (ADR 0050).
  const { rows } = await pool.query<{ request: string; txid: string; raw: string }>(
    'SELECT request, txid, raw FROM signer.signatures WHERE network = $1 AND id = $2 ORDER BY attempt DESC LIMIT 1',
    [network, id],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    transaction: decodeUnsigned(JSON.parse(row.request)),
    signed: { network, id, txid: row.txid, raw: row.raw },
  };
}

interface SignatureRow {
  request: string;
  txid: string;
  raw: string;
}

/**
 * Under the withdrawal's lock: the recorded bytes of the same request, or the attempt number a new
 * signature takes (1, or the next one when the key allows a replacement of every earlier attempt).
 */
async function earlierSignatures(
  client: pg.PoolClient,
  holder: KeyHolder,
  transaction: UnsignedTransaction,
  request: string,
): Promise<{ signed: SignedTransaction } | { attempt: number }> {
  const { rows } = await client.query<SignatureRow>(
    'SELECT request, txid, raw FROM signer.signatures WHERE network = $1 AND id = $2 ORDER BY attempt',
    [transaction.network, transaction.id],
  );
  const same = rows.find((row) => row.request === request);
  if (same) return { signed: { network: transaction.network, id: transaction.id, txid: same.txid, raw: same.raw } };
  const replaceable = rows.every((row) => holder.mayReplace?.(decodeUnsigned(JSON.parse(row.request)), transaction));
  if (!replaceable) {
    throw new SignerRefusal(
      'withdrawal_was_signed_differently',
      `Withdrawal ${transaction.id} was already signed as another transaction (txid ${rows.at(-1)!.txid})`,
    );
  }
  return { attempt: rows.length + 1 };
}

async function signOnce(
  pool: pg.Pool,
  holder: KeyHolder,
  transaction: UnsignedTransaction,
  sweeps: SigningServiceOptions['sweeps'],
): Promise<{ signed: SignedTransaction; record?: SignatureRecord }> {
  const request = encodeUnsigned(transaction);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query("SELECT pg_advisory_xact_lock(hashtextextended('rora-signer|' || $1 || '|' || $2, 0))", [
      transaction.network,
      transaction.id,
    ]);
    const earlier = await earlierSignatures(client, holder, transaction, request);
    if ('signed' in earlier) {
      await client.query('COMMIT');
      return earlier;
    }
    const signer = await authorize(client, transaction, holder, sweeps);
    const signed = await signWith(signer, transaction);
    const inserted = await client.query<{ signed_at: Date }>(
      `INSERT INTO signer.signatures (network, id, attempt, request, txid, raw, to_address, amount, signed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now()) RETURNING signed_at`,
      [
        transaction.network,
        transaction.id,
        earlier.attempt,
        request,
        signed.txid,
        signed.raw,
        transaction.to,
        transaction.amount.toString(),
      ],
    );
    await client.query('COMMIT');
    const record = {
      network: transaction.network,
      id: transaction.id,
      txid: signed.txid,
      amount: transaction.amount,
      to: transaction.to,
      signedAt: inserted.rows[0]!.signed_at,
    };
    return { signed, record };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** A sweep (it names a deposit index), a gas top-up and a cold move are Rora's own moves; anything else is a held withdrawal. */
async function authorize(
  client: pg.ClientBase,
  transaction: UnsignedTransaction,
  holder: KeyHolder,
  sweeps: SigningServiceOptions['sweeps'],
): Promise<Signer> {
  if (transaction.depositIndex !== undefined) {
    return authorizeSweep(transaction, holder, sweeps ?? { keys: {}, kind: holder.kind });
  }
  if (transaction.topUpIndex !== undefined) {
    authorizeGasTopUp(transaction, holder, sweeps ?? { keys: {}, kind: holder.kind });
    return holder.signer;
  }
  if (!isColdMove(transaction, holder, sweeps)) await authorizeWithdrawal(client, transaction, holder);
  return holder.signer;
}

async function signWith(signer: Signer, transaction: UnsignedTransaction): Promise<SignedTransaction> {
  try {
    return await signer.sign(transaction);
  } catch (error) {
    if (isChainError(error)) throw new SignerRefusal('transaction_signature_is_invalid', error.message);
    throw error;
  }
}
