// Test material of the signer's tests: a held send written straight into the exchange's tables (as
// the wallets module leaves it while it waits for the signature), a regtest Litecoin key, and the
// unsigned transaction the Litecoin adapter would build for that send.
import { randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { p2wpkh } from '@scure/btc-signer';
import { utxoParams, type UnsignedTransaction } from '@rora/chains';
import { keyHolder, type KeyHolder } from '../keys.ts';

export const REGTEST = utxoParams('ltc', 'regtest');
/** A 32-byte KEK as 64 hex digits (the form SIGNER_KEK takes). */
export const newKekText = () => randomBytes(32).toString('hex');

export function regtestHolder(privateKey: Uint8Array = secp256k1.utils.randomSecretKey()): KeyHolder {
  return keyHolder('ltc', 'regtest', privateKey);
}

/** A fresh regtest Litecoin address (rltc1...) nobody in the test holds. */
export function someAddress(): string {
  return p2wpkh(secp256k1.getPublicKey(secp256k1.utils.randomSecretKey(), true), REGTEST.signer).address as string;
}

export interface HeldSend {
  readonly id: string;
  readonly to: string;
  readonly amount: bigint;
}

/** An approved external send of `amount` to `to`, in `status` (held by default). */
export async function insertSend(
  pool: pg.Pool,
  options: {
    to?: string;
    amount?: bigint;
    status?: 'held' | 'voided';
    approved?: boolean;
    /** Another network than Litecoin's: its id, asset and a wallet address on it. */
    network?: { id: string; asset: string; address: string };
    /** XRP: the tag the send pays to. */
    destinationTag?: number;
  } = {},
): Promise<HeldSend> {
  const userId = randomUUID();
  const walletId = randomUUID();
  const id = randomUUID();
  const to = options.to ?? someAddress();
  const amount = options.amount ?? 100_000n;
  const status = options.status ?? 'held';
  const network = options.network ?? { id: 'ltc', asset: 'LTC', address: someAddress() };
  await pool.query(`INSERT INTO users (id, email, password_hash) VALUES ($1, $2, 'x')`, [userId, `${userId}@t.test`]);
  await pool.query('INSERT INTO wallet_owners (user_id) VALUES ($1)', [userId]);
  await pool.query(
    `INSERT INTO wallets (id, user_id, network, asset, address_index, address) VALUES ($1, $2, $3, $4, 0, $5)`,
    [walletId, userId, network.id, network.asset, network.address],
  );
  await pool.query(
    `INSERT INTO wallet_sends (id, user_id, wallet_id, network, asset, kind, to_address, amount, fee, priority, status,
                               approved_at, created_at, updated_at, settled_at, destination_tag)
     VALUES ($1, $2, $3, $9, $10, 'external', $4, $5, 1000, 'normal', $6, $7, now(), now(), $8, $11)`,
    [
      id,
      userId,
      walletId,
      to,
      amount.toString(),
      status,
      options.approved === false ? null : new Date(),
      status === 'voided' ? new Date() : null,
      network.id,
      network.asset,
      options.destinationTag ?? null,
    ],
  );
  return { id, to, amount };
}

/** What the adapter would ask: one coin of the hot wallet, the send's output, change back, 10 per vbyte. */
export function unsignedFor(holder: KeyHolder, send: HeldSend, change: Partial<UnsignedTransaction> = {}) {
  const input = 10_000_000n;
  const feeRate = 10n;
  const feeUnits = 141n;
  const transaction: UnsignedTransaction = {
    network: 'ltc',
    id: send.id,
    from: holder.address,
    to: send.to,
    amount: send.amount,
    feeRate,
    feeUnits,
    inputs: [{ txid: 'ab'.repeat(32), vout: 0, amount: input }],
    change: { address: holder.address, amount: input - send.amount - feeRate * feeUnits },
  };
  return { ...transaction, ...change };
}
