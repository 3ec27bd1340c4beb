// The door between the API and the signer: HTTP on loopback with the shared secret, used through
// the API's RemoteSigner. A wrong or missing secret, a malformed body and a refusal each answer a
// 4xx naming the rule; the RemoteSigner turns them into SignerErrors (never ChainErrors, so the
// wallets module keeps the send held instead of voiding it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RemoteSigner, isChainError, type SignedTransaction } from '@rora/chains';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { startSignerServer, type SignerServer } from './http-server.ts';
import { createSigningService } from './signing-service.ts';
import { insertSend, regtestHolder, someAddress, unsignedFor } from './testing/fixtures.ts';

const SECRET = 'a-signer-secret-of-at-least-32-characters';

describe('the signer over HTTP', () => {
  let database: TestDatabase;
  let server: SignerServer;
  const holder = regtestHolder();
  let remote: RemoteSigner;

  beforeAll(async () => {
    database = await createTestDatabase();
    const service = createSigningService({ pool: database.pool, keys: [holder] });
    server = await startSignerServer({ service, secret: SECRET, host: '127.0.0.1', port: 0 });
    remote = new RemoteSigner({ url: server.url, secret: SECRET, addresses: { ltc: holder.address } });
  });
  afterAll(async () => {
    await server.close();
    await database.destroy();
  });

  it('signs through the RemoteSigner, and answers a retry with the same bytes', async () => {
    const send = await insertSend(database.pool);
    const signed: SignedTransaction = await remote.sign(unsignedFor(holder, send));
    expect(signed).toMatchObject({ network: 'ltc', id: send.id });
    expect(await remote.sign(unsignedFor(holder, send))).toEqual(signed);
    expect(remote.addressFor('ltc')).toBe(holder.address);
    expect(await remote.mismatches()).toEqual([]);
  });

  it('tells what it signed under an id, request and bytes, and null for an id it never signed', async () => {
    const send = await insertSend(database.pool);
    expect(await remote.recorded('ltc', send.id)).toBeNull();
    const transaction = unsignedFor(holder, send);
    const signed = await remote.sign(transaction);
    expect(await remote.recorded('ltc', send.id)).toEqual({ transaction, signed });
    await expect(remote.recorded('btc', send.id)).rejects.toMatchObject({ code: 'signer_request_is_malformed' });
  });

  it('signs once when 20 requests for one id arrive at once over HTTP', async () => {
    const send = await insertSend(database.pool);
    const results = await Promise.all(Array.from({ length: 20 }, () => remote.sign(unsignedFor(holder, send))));
    expect(new Set(results.map((result) => result.txid)).size).toBe(1);
    const { rows } = await database.pool.query('SELECT 1 FROM signer.signatures WHERE id = $1', [send.id]);
    expect(rows).toHaveLength(1);
  });

  it('refuses a call without the secret, or with another one', async () => {
    const send = await insertSend(database.pool);
    for (const secret of ['', 'another-secret-of-at-least-32-characters!']) {
      const intruder = new RemoteSigner({ url: server.url, secret, addresses: { ltc: holder.address } });
      await expect(intruder.sign(unsignedFor(holder, send))).rejects.toMatchObject({
        name: 'SignerError',
        code: 'signer_secret_is_wrong',
        status: 401,
      });
    }
    const bare = await fetch(`${server.url}/v1/addresses`);
    expect(bare.status).toBe(401);
  });

  it('answers a malformed body with 400 naming the field', async () => {
    const response = await fetch(`${server.url}/v1/sign`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}` },
      body: JSON.stringify({ network: 'ltc', id: 'x', from: 'a', to: 'b', amount: '1.5', feeRate: '1', feeUnits: '1' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: 'signer_request_is_malformed', message: expect.stringContaining('amount') },
    });
  });

  it('turns a refusal into a SignerError, not a ChainError', async () => {
    const send = await insertSend(database.pool);
    const error = await remote.sign(unsignedFor(holder, { ...send, to: someAddress() })).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'SignerError', code: 'withdrawal_does_not_match', status: 409 });
    expect(isChainError(error)).toBe(false);
  });

  it('reports a signer that does not answer as unreachable', async () => {
    const gone = new RemoteSigner({ url: 'http://127.0.0.1:1', secret: SECRET, addresses: {} });
    await expect(gone.addresses()).rejects.toMatchObject({ code: 'signer_is_unreachable' });
  });

  it('names a configured address the signer does not hold', async () => {
    const wrong = new RemoteSigner({ url: server.url, secret: SECRET, addresses: { ltc: someAddress(), btc: 'bc1x' } });
    expect(await wrong.mismatches()).toHaveLength(2);
  });
});
