// The signer as its own process (`npm run signer`): keys imported by the CLI from standard input,
// refused starts (no secret, another KEK, a clear-text database link in production), and a kill -9
// between recording a signature and answering: the retry, on the restarted signer, gets the same
// transaction back, signed once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIF } from '@scure/btc-signer';
import { RemoteSigner } from '@rora/chains';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { generatePrivateKey } from './keys.ts';
import { CRASH_AFTER_SIGN, runSignerCommand, startSignerChild, type SignerChild } from './testing/child.ts';
import { REGTEST, insertSend, newKekText, regtestHolder, unsignedFor } from './testing/fixtures.ts';

const SECRET = 'process-test-secret-of-at-least-32-chars';

describe('the signer process', () => {
  let database: TestDatabase;
  let env: NodeJS.ProcessEnv;
  const privateKey = generatePrivateKey();
  const holder = regtestHolder(privateKey.slice());
  const children: SignerChild[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    env = {
      NODE_ENV: 'development',
      SIGNER_DATABASE_URL: database.url,
      SIGNER_KEK: newKekText(),
      SIGNER_SECRET: SECRET,
      SIGNER_PORT: '0',
      SIGNER_NETWORK_KIND: 'regtest',
    };
    const imported = await runSignerCommand(
      ['import-key', 'ltc', 'regtest'],
      env,
      WIF(REGTEST.signer).encode(privateKey),
    );
    expect(imported, imported.stderr).toMatchObject({ code: 0 });
    expect(imported.stdout).toContain(holder.address);
  });
  afterAll(async () => {
    for (const { child } of children) child.kill('SIGKILL');
    await database.destroy();
  });

  it('lists its keys without showing them', async () => {
    const listed = await runSignerCommand(['list-keys'], env);
    expect(listed.stdout.trim()).toMatch(new RegExp(`^ltc regtest ${holder.address} local:[0-9a-f]{16}$`));
  });

  // One process per test: a cold start of the signer took 10-15 s at load 10, and three in one test
  // ran past its 30 s.
  it('refuses to start without its secret', async () => {
    const noSecret = await runSignerCommand(['serve'], { ...env, SIGNER_SECRET: '' });
    expect(noSecret.code).toBe(1);
    expect(noSecret.stderr).toContain('SIGNER_SECRET: required');
  });

  it('refuses to start with a KEK that does not open its keys', async () => {
    const otherKek = await runSignerCommand(['serve'], { ...env, SIGNER_KEK: newKekText() });
    expect(otherKek.code).toBe(1);
    expect(otherKek.stderr).toMatch(/sealed under KEK local:[0-9a-f]+, not the configured/);
  });

  it('refuses to listen off the loopback', async () => {
    const exposed = await runSignerCommand(['serve'], { ...env, SIGNER_HOST: '0.0.0.0' });
    expect(exposed.stderr).toContain('SIGNER_HOST: must be a loopback address');
  });

  it('refuses in production, before opening it, a database link in clear text off the private network', async () => {
    const production = {
      ...env,
      NODE_ENV: 'production',
      SIGNER_NETWORK_KIND: 'mainnet',
      SIGNER_DATABASE_URL: 'postgres://signer:pw-hunter2@db.example.com:5432/rora',
    };
    // One process is enough here: config.test.ts checks the key commands refuse it too.
    const refused = await runSignerCommand(['serve'], production);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /^ {2}SIGNER_DATABASE_URL: pg connects without TLS unless the URL or PGSSLMODE sets sslmode, /m,
    );
    expect(refused.stderr).not.toMatch(/hunter2|example\.com/);
  });

  it('gives the same transaction after a kill -9 between signing and answering, signed once', async () => {
    const send = await insertSend(database.pool);
    const crashing = await startSignerChild(env, CRASH_AFTER_SIGN);
    children.push(crashing);
    const first = new RemoteSigner({ url: crashing.url, secret: SECRET, addresses: { ltc: holder.address } });
    await expect(first.sign(unsignedFor(holder, send))).rejects.toMatchObject({ code: 'signer_is_unreachable' });
    expect((await crashing.finished).signal).toBe('SIGKILL');
    const { rows } = await database.pool.query<{ txid: string }>('SELECT txid FROM signer.signatures WHERE id = $1', [
      send.id,
    ]);
    expect(rows).toHaveLength(1);

    const restarted = await startSignerChild(env);
    children.push(restarted);
    const retry = new RemoteSigner({ url: restarted.url, secret: SECRET, addresses: { ltc: holder.address } });
    const signed = await retry.sign(unsignedFor(holder, send));
    expect(signed.txid).toBe(rows[0]?.txid);
    const after = await database.pool.query('SELECT 1 FROM signer.signatures WHERE id = $1', [send.id]);
    expect(after.rows).toHaveLength(1);
    restarted.child.kill('SIGTERM');
    expect((await restarted.finished).code).toBe(0);
  }, 60_000); // two signer processes started one after the other: twice one cold start's room
});
