// Keys at rest: sealed by a data key that the KEK seals, so the stored row holds neither the key nor
// anything that opens without the KEK; another KEK, an altered seal or a row moved to another
// network does not open, and the signer then refuses to start rather than sign with nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { LocalKek, KeyUnreadableError, open, seal } from './envelope.ts';
import { listKeys, loadKeys, storeKey } from './key-store.ts';
import { KeyInputError, generatePrivateKey, keyHolder, privateKeyFromText } from './keys.ts';
import { newKekText } from './testing/fixtures.ts';

describe('keys at rest', () => {
  let database: TestDatabase;
  const kek = LocalKek.parse(newKekText());
  const privateKey = generatePrivateKey();
  const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

  beforeAll(async () => {
    database = await createTestDatabase();
    await storeKey(database.pool, kek, { network: 'ltc', kind: 'regtest', privateKey: privateKey.slice() });
  });
  afterAll(async () => database.destroy());

  it('stores only seals: neither the key nor the data key appears in the row', async () => {
    const { rows } = await database.pool.query<Record<string, string>>('SELECT * FROM signer.keys');
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows[0]);
    for (const form of [hex(privateKey), Buffer.from(privateKey).toString('base64')]) {
      expect(stored).not.toContain(form);
    }
    expect(rows[0]?.address).toBe(keyHolder('ltc', 'regtest', privateKey).address);
    expect((await listKeys(database.pool))[0]).toMatchObject({ network: 'ltc', kind: 'regtest', kekId: kek.id });
  });

  it('opens with the KEK it was sealed under, and with no other', async () => {
    const [holder] = await loadKeys(database.pool, kek, 'regtest');
    expect(holder?.address).toBe(keyHolder('ltc', 'regtest', privateKey).address);
    await expect(loadKeys(database.pool, LocalKek.parse(newKekText()), 'regtest')).rejects.toThrow(KeyUnreadableError);
    // Even a KEK that claims the right id cannot open it.
    const impostor = Object.assign(LocalKek.parse(newKekText()), {});
    Object.defineProperty(impostor, 'id', { value: kek.id });
    await expect(loadKeys(database.pool, impostor, 'regtest')).rejects.toThrow(KeyUnreadableError);
  });

  it('does not open a seal that was altered or moved to another context', () => {
    const key = new Uint8Array(32).fill(7);
    const sealed = seal(key, privateKey, 'ltc|regtest|a');
    expect(hex(open(key, sealed, 'ltc|regtest|a'))).toBe(hex(privateKey));
    expect(() => open(key, sealed, 'btc|regtest|a')).toThrow(KeyUnreadableError);
    const bytes = Buffer.from(sealed, 'base64');
    bytes[20] = (bytes[20] ?? 0) ^ 1;
    expect(() => open(key, bytes.toString('base64'), 'ltc|regtest|a')).toThrow(KeyUnreadableError);
  });

  it('holds one key per network and kind', async () => {
    await expect(
      storeKey(database.pool, kek, { network: 'ltc', kind: 'regtest', privateKey: generatePrivateKey() }),
    ).rejects.toThrow(/already holds/);
  });

  it('opens an Ethereum key for its chain and tokens, only with the chain id configured', async () => {
    const own = await createTestDatabase();
    try {
      const ethKey = privateKeyFromText('eth', 'regtest', `0x${'5e'.repeat(32)}\n`);
      const stored = await storeKey(own.pool, kek, { network: 'eth', kind: 'regtest', privateKey: ethKey });
      expect(stored.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      const settings = {
        chainId: 31337,
        maxFeePerGas: 10n ** 11n,
        maxGas: 200_000n,
        tokens: { 'usdt-erc20': `0x${'12'.repeat(20)}` },
      };
      const holders = await loadKeys(own.pool, kek, 'regtest', { eth: settings });
      expect(holders.map((holder) => [holder.network, holder.address])).toEqual([
        ['eth', stored.address],
        ['usdt-erc20', stored.address],
      ]);
      await expect(loadKeys(own.pool, kek, 'regtest')).rejects.toThrow(/SIGNER_ETH_CHAIN_ID/);
      expect(() => privateKeyFromText('eth', 'regtest', 'not-a-key')).toThrow(KeyInputError);
      expect(() => privateKeyFromText('eth', 'regtest', '00'.repeat(32))).toThrow(KeyInputError);
    } finally {
      await own.destroy();
    }
  });
});
