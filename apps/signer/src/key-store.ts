// The signer's keys in its own PostgreSQL schema (`signer.keys`, migration 0093), sealed by envelope
// encryption: the rows are unreadable without the KEK.
import type pg from 'pg';
import { openKey, sealKey, type KeyEncryptionKey } from './envelope.ts';
import {
  KeyInputError,
  keyAddress,
  keyContext,
  keyHolders,
  parseNetwork,
  type EvmSettings,
  type KeyHolder,
  type NetworkKind,
  type SignerNetwork,
} from './keys.ts';

export interface StoredKey {
  readonly network: string;
  readonly kind: string;
  readonly address: string;
  readonly kekId: string;
  readonly createdAt: Date;
}

/** Seals the key and stores it; one key per network and kind (replacing one is a deliberate operator act). */
export async function storeKey(
  pool: pg.Pool,
  kek: KeyEncryptionKey,
  key: { network: SignerNetwork; kind: NetworkKind; privateKey: Uint8Array },
): Promise<StoredKey> {
  const holder = { address: keyAddress(key.network, key.kind, key.privateKey) };
  const sealed = await sealKey(kek, key.privateKey, keyContext(key.network, key.kind, holder.address));
  const { rows } = await pool.query<{ created_at: Date }>(
    `INSERT INTO signer.keys (network, network_kind, address, sealed_key, sealed_data_key, kek_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, now()) ON CONFLICT DO NOTHING RETURNING created_at`,
    [key.network, key.kind, holder.address, sealed.sealedKey, sealed.sealedDataKey, sealed.kekId],
  );
  if (rows.length === 0) {
    throw new KeyInputError(`The signer already holds a ${key.network} ${key.kind} key`);
  }
  return {
    network: key.network,
    kind: key.kind,
    address: holder.address,
    kekId: kek.id,
    createdAt: rows[0]!.created_at,
  };
}

export async function listKeys(pool: pg.Pool): Promise<StoredKey[]> {
  const { rows } = await pool.query<{
    network: string;
    network_kind: string;
    address: string;
    kek_id: string;
    created_at: Date;
  }>('SELECT network, network_kind, address, kek_id, created_at FROM signer.keys ORDER BY network, network_kind');
  return rows.map((row) => ({
    network: row.network,
    kind: row.network_kind,
    address: row.address,
    kekId: row.kek_id,
    createdAt: row.created_at,
  }));
}

/**
 * Opens every key of `kind` (the network kind this signer serves) with the KEK: one holder per
 * network signed (an EVM chain's key signs its tokens as well, under `evm`'s settings).
 */
export async function loadKeys(
  pool: pg.Pool,
  kek: KeyEncryptionKey,
  kind: NetworkKind,
  evm: EvmSettings = {},
): Promise<KeyHolder[]> {
  const { rows } = await pool.query<{
    network: string;
    address: string;
    sealed_key: string;
    sealed_data_key: string;
    kek_id: string;
  }>(
    'SELECT network, address, sealed_key, sealed_data_key, kek_id FROM signer.keys WHERE network_kind = $1 ORDER BY network',
    [kind],
  );
  const holders: KeyHolder[] = [];
  for (const row of rows) {
    const parsed = parseNetwork(row.network, kind);
    const sealed = { sealedKey: row.sealed_key, sealedDataKey: row.sealed_data_key, kekId: row.kek_id };
    const privateKey = await openKey(kek, sealed, keyContext(row.network, kind, row.address));
    let opened: KeyHolder[];
    try {
      opened = keyHolders(parsed.network, parsed.kind, privateKey, evm);
    } finally {
      privateKey.fill(0);
    }
    const address = opened[0]!.address;
    if (address !== row.address) {
      throw new KeyInputError(`The ${row.network} key opens to ${address}, not its recorded ${row.address}`);
    }
    holders.push(...opened);
  }
  return holders;
}
