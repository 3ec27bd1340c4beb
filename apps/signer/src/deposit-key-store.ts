// The deposit account keys at rest (`signer.deposit_keys`, migration 0099, ADR 0054): each
// account-level extended private key sealed by envelope encryption like the hot-wallet keys, so the
// production signer holds no key in its environment. Imported by `npm run signer -- import-deposit-key`.
import type pg from 'pg';
import type { HDKey } from '@scure/bip32';
import { openKey, sealKey, type KeyEncryptionKey } from './envelope.ts';
import { KeyInputError, type NetworkKind } from './keys.ts';
import {
  DEPOSIT_KEY_VARIABLES,
  parseDepositKey,
  type DepositKeyChain,
  type DepositKeys,
} from './sweep-authorization.ts';

const context = (chain: string, kind: string, xpub: string) => `deposit:${chain}:${kind}:${xpub}`;

export function parseDepositChain(text: string): DepositKeyChain {
  if (text in DEPOSIT_KEY_VARIABLES) return text as DepositKeyChain;
  throw new KeyInputError(`Deposit keys are kept for ${Object.keys(DEPOSIT_KEY_VARIABLES).join(', ')}, not "${text}"`);
}

/** Seals and stores a chain's deposit account key; one per chain and kind. Returns its public half. */
export async function storeDepositKey(
  pool: pg.Pool,
  kek: KeyEncryptionKey,
  key: { chain: DepositKeyChain; kind: NetworkKind; text: string },
): Promise<string> {
  const parsed = parseDepositKey(key.text);
  if (!parsed) throw new KeyInputError('A deposit key must be an account-level extended private key (xprv or zprv)');
  const xpub = parsed.publicExtendedKey;
  const secret = new TextEncoder().encode(key.text.trim());
  const sealed = await sealKey(kek, secret, context(key.chain, key.kind, xpub));
  secret.fill(0);
  const { rowCount } = await pool.query(
    `INSERT INTO signer.deposit_keys (chain, network_kind, xpub, sealed_key, sealed_data_key, kek_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, now()) ON CONFLICT DO NOTHING`,
    [key.chain, key.kind, xpub, sealed.sealedKey, sealed.sealedDataKey, sealed.kekId],
  );
  if (rowCount === 0) throw new KeyInputError(`The signer already holds a ${key.chain} ${key.kind} deposit key`);
  return xpub;
}

/** Opens every sealed deposit key of `kind` with the KEK; a row that opens to another account stops the start. */
export async function loadSealedDepositKeys(
  pool: pg.Pool,
  kek: KeyEncryptionKey,
  kind: NetworkKind,
): Promise<DepositKeys> {
  const { rows } = await pool.query<{
    chain: DepositKeyChain;
    xpub: string;
    sealed_key: string;
    sealed_data_key: string;
    kek_id: string;
  }>('SELECT chain, xpub, sealed_key, sealed_data_key, kek_id FROM signer.deposit_keys WHERE network_kind = $1', [
    kind,
  ]);
  const keys: Partial<Record<DepositKeyChain, HDKey>> = {};
  for (const row of rows) {
    const sealed = { sealedKey: row.sealed_key, sealedDataKey: row.sealed_data_key, kekId: row.kek_id };
    const secret = await openKey(kek, sealed, context(row.chain, kind, row.xpub));
    const key = parseDepositKey(new TextDecoder().decode(secret));
    secret.fill(0);
    if (key?.publicExtendedKey !== row.xpub) {
      throw new KeyInputError(`The ${row.chain} deposit key does not open to its recorded account ${row.xpub}`);
    }
    keys[row.chain] = key;
  }
  return keys;
}

/** The keys the sweeps sign with: sealed ones, and (outside production) those of the environment; never both for one chain. */
export function mergeDepositKeys(sealed: DepositKeys, fromEnv: DepositKeys): DepositKeys {
  for (const chain of Object.keys(fromEnv) as DepositKeyChain[]) {
    if (sealed[chain]) {
      throw new KeyInputError(
        `${DEPOSIT_KEY_VARIABLES[chain]} is set and a sealed ${chain} deposit key is held: keep one`,
      );
    }
  }
  return { ...sealed, ...fromEnv };
}

/** The sealed deposit keys' chains, kinds and accounts (never the keys), for `list-keys`. */
export async function listDepositKeys(
  pool: pg.Pool,
): Promise<{ chain: string; kind: string; xpub: string; kekId: string }[]> {
  const { rows } = await pool.query<{ chain: string; network_kind: string; xpub: string; kek_id: string }>(
    'SELECT chain, network_kind, xpub, kek_id FROM signer.deposit_keys ORDER BY chain, network_kind',
  );
  return rows.map((row) => ({ chain: row.chain, kind: row.network_kind, xpub: row.xpub, kekId: row.kek_id }));
}
