// Deposit account keys at rest (ADR 0054): sealed like the hot-wallet keys, opened only with their
// KEK, never beside the same chain's key in the environment, and refused from the environment in
// production.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGTEST_LTC_DEPOSIT_XPRV } from '@rora/chains/testing';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { KeyUnreadableError, LocalKek } from './envelope.ts';
import { listDepositKeys, loadSealedDepositKeys, mergeDepositKeys, storeDepositKey } from './deposit-key-store.ts';
import { KeyInputError } from './keys.ts';
import { loadDepositKeys, parseDepositKey } from './sweep-authorization.ts';
import { newKekText } from './testing/fixtures.ts';

describe('deposit keys at rest', () => {
  let database: TestDatabase;
  const kek = LocalKek.parse(newKekText());
  const account = parseDepositKey(REGTEST_LTC_DEPOSIT_XPRV)!;

  beforeAll(async () => {
    database = await createTestDatabase();
    const xpub = await storeDepositKey(database.pool, kek, {
      chain: 'ltc',
      kind: 'regtest',
      text: `${REGTEST_LTC_DEPOSIT_XPRV}\n`,
    });
    expect(xpub).toBe(account.publicExtendedKey);
  });
  afterAll(async () => database.destroy());

  it('stores only a seal and the public half', async () => {
    const { rows } = await database.pool.query<Record<string, string>>('SELECT * FROM signer.deposit_keys');
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain(REGTEST_LTC_DEPOSIT_XPRV);
    expect(await listDepositKeys(database.pool)).toEqual([
      { chain: 'ltc', kind: 'regtest', xpub: account.publicExtendedKey, kekId: kek.id },
    ]);
  });

  it('opens to the same account with its KEK, and with no other', async () => {
    const keys = await loadSealedDepositKeys(database.pool, kek, 'regtest');
    expect(keys.ltc?.privateExtendedKey).toBe(account.privateExtendedKey);
    expect(await loadSealedDepositKeys(database.pool, kek, 'mainnet')).toEqual({});
    await expect(loadSealedDepositKeys(database.pool, LocalKek.parse(newKekText()), 'regtest')).rejects.toThrow(
      KeyUnreadableError,
    );
  });

  it('refuses a second key for the chain, a public key, and a key both sealed and in the environment', async () => {
    await expect(
      storeDepositKey(database.pool, kek, { chain: 'ltc', kind: 'regtest', text: REGTEST_LTC_DEPOSIT_XPRV }),
    ).rejects.toThrow(KeyInputError);
    await expect(
      storeDepositKey(database.pool, kek, { chain: 'btc', kind: 'regtest', text: account.publicExtendedKey }),
    ).rejects.toThrow(/extended private key/);
    const sealed = await loadSealedDepositKeys(database.pool, kek, 'regtest');
    expect(() => mergeDepositKeys(sealed, { ltc: account })).toThrow(/keep one/);
    expect(mergeDepositKeys(sealed, { btc: account })).toMatchObject({ ltc: sealed.ltc, btc: account });
  });

  it('refuses a deposit key in the environment in production', () => {
    const problems: string[] = [];
    const env = { SIGNER_LTC_DEPOSIT_XPRV: REGTEST_LTC_DEPOSIT_XPRV, NODE_ENV: 'production' };
    expect(loadDepositKeys(env, problems)).toEqual({});
    expect(problems).toEqual([expect.stringMatching(/^SIGNER_LTC_DEPOSIT_XPRV: .*import-deposit-key ltc/)]);
  });
});
