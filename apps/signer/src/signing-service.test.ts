// The signer's rules on real PostgreSQL: it signs only an approved, held send of the ledger, for
// exactly its network, destination and amount; once per id (a retry of the same request gets the
// same bytes, another transaction under that id is refused), also under 20 concurrent requests; and
// its record of signatures cannot be rewritten.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { createSigningService, type SignatureRecord, type SigningService } from './signing-service.ts';
import { insertSend, regtestHolder, someAddress, unsignedFor } from './testing/fixtures.ts';
import type { KeyHolder } from './keys.ts';

describe('the signing service', () => {
  let database: TestDatabase;
  let holder: KeyHolder;
  let service: SigningService;
  const signed: SignatureRecord[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    holder = regtestHolder();
    service = createSigningService({ pool: database.pool, keys: [holder], onSigned: (record) => signed.push(record) });
  });
  afterAll(async () => database.destroy());

  const recorded = async (id: string) =>
    (
      await database.pool.query<{ txid: string; raw: string; to_address: string; amount: string }>(
        'SELECT txid, raw, to_address, amount::text FROM signer.signatures WHERE id = $1',
        [id],
      )
    ).rows;

  it('signs a held send once and records the signature with its amount and destination', async () => {
    const send = await insertSend(database.pool);
    const result = await service.sign(unsignedFor(holder, send));
    expect(result).toMatchObject({ network: 'ltc', id: send.id });
    expect(result.txid).toMatch(/^[0-9a-f]{64}$/);
    expect(await recorded(send.id)).toEqual([
      { txid: result.txid, raw: result.raw, to_address: send.to, amount: String(send.amount) },
    ]);
    expect(signed.at(-1)).toMatchObject({ id: send.id, txid: result.txid, amount: send.amount, to: send.to });
  });

  it('refuses a send that does not exist, was voided, or was never approved', async () => {
    const missing = { id: '0b7c2a4e-5a4b-4d1e-9c1e-2f3a4b5c6d7e', to: someAddress(), amount: 100_000n };
    const voided = await insertSend(database.pool, { status: 'voided' });
    const unapproved = await insertSend(database.pool, { approved: false });
    const notAnId = { ...missing, id: 'not-a-uuid' };
    for (const send of [missing, voided, unapproved, notAnId]) {
      await expect(service.sign(unsignedFor(holder, send))).rejects.toMatchObject({ code: 'withdrawal_is_not_held' });
      expect(await recorded(send.id)).toEqual([]);
    }
  });

  it('refuses a transaction whose amount or destination differs from the held send', async () => {
    const send = await insertSend(database.pool);
    const otherAmount = unsignedFor(holder, { ...send, amount: send.amount + 1n });
    await expect(service.sign(otherAmount)).rejects.toMatchObject({
      code: 'withdrawal_does_not_match',
      message: expect.stringContaining('amount'),
    });
    const otherDestination = unsignedFor(holder, { ...send, to: someAddress() });
    await expect(service.sign(otherDestination)).rejects.toMatchObject({
      code: 'withdrawal_does_not_match',
      message: expect.stringContaining('destination'),
    });
    expect(await recorded(send.id)).toEqual([]);
  });

  it('answers a retry with the same bytes, and refuses another transaction under the same id', async () => {
    const send = await insertSend(database.pool);
    const first = await service.sign(unsignedFor(holder, send));
    // The send has been broadcast since: a retry of the same request still gets its bytes.
    await database.pool.query(`UPDATE wallet_sends SET status = 'broadcast', txid = $2 WHERE id = $1`, [
      send.id,
      first.txid,
    ]);
    expect(await service.sign(unsignedFor(holder, send))).toEqual(first);
    const otherCoins = unsignedFor(holder, send, { inputs: [{ txid: 'cd'.repeat(32), vout: 1, amount: 10_000_000n }] });
    await expect(service.sign(otherCoins)).rejects.toMatchObject({ code: 'withdrawal_was_signed_differently' });
    expect(await recorded(send.id)).toHaveLength(1);
  });

  it('signs once under 20 concurrent requests for one id', async () => {
    const send = await insertSend(database.pool);
    const before = signed.length;
    const results = await Promise.all(Array.from({ length: 20 }, () => service.sign(unsignedFor(holder, send))));
    expect(new Set(results.map((result) => result.raw)).size).toBe(1);
    expect(await recorded(send.id)).toHaveLength(1);
    expect(signed.length - before).toBe(1);
  });

  it('refuses a network it holds no key for and a transaction its key cannot sign', async () => {
    const send = await insertSend(database.pool);
    await expect(service.sign({ ...unsignedFor(holder, send), network: 'btc' })).rejects.toMatchObject({
      code: 'signer_has_no_key_for_network',
    });
    const elsewhere = unsignedFor(holder, send, { change: { address: someAddress(), amount: 9_898_590n } });
    await expect(service.sign(elsewhere)).rejects.toMatchObject({ code: 'transaction_signature_is_invalid' });
    expect(await recorded(send.id)).toEqual([]);
  });

  it('keeps its record of signatures append-only', async () => {
    await expect(database.pool.query(`UPDATE signer.signatures SET to_address = 'x'`)).rejects.toThrow(/append-only/);
    await expect(database.pool.query('DELETE FROM signer.signatures')).rejects.toThrow(/append-only/);
  });
});
