// XRP and Solana keys in the signer (ADR 0050), on real PostgreSQL: a held send is signed once, for
// exactly its amount, destination and tag, and a retry gets the same bytes; another transaction
// under a signed id is refused, save an XRP one rebuilt on the same sequence (the ledger applies one
// of them at most); the transaction that leaves is decoded and compared with the withdrawal; and
// both keys are sealed at rest and open only to their address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from 'ripple-binary-codec';
import { getBase64Encoder, getCompiledTransactionMessageDecoder, getTransactionDecoder } from '@solana/kit';
import { SolanaKeySigner, XrpKeySigner, type UnsignedTransaction } from '@rora/chains';
import { solanaTestKey, xrpTestAccount } from '@rora/chains/testing';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { LocalKek } from './envelope.ts';
import { loadKeys, storeKey } from './key-store.ts';
import { generatePrivateKey, keyAddress, privateKeyFromText, type KeyHolder } from './keys.ts';
import { createSigningService, type SigningService } from './signing-service.ts';
import { solanaKeyHolder, solanaWireDifferences } from './solana-keys.ts';
import { insertSend, newKekText } from './testing/fixtures.ts';
import { xrpBlobDifferences, xrpKeyHolder } from './xrp-keys.ts';

const HOT_XRP = xrpTestAccount(61);
const OUTSIDE_XRP = xrpTestAccount(62).address;
const OTHER_XRP = xrpTestAccount(63).address;
const HOT_SOL = solanaTestKey(71);
const OUTSIDE_SOL = solanaTestKey(72).address;
const OTHER_SOL = solanaTestKey(73).address;
const BLOCKHASH = solanaTestKey(74).address;
/** Each customer's wallet has an address of its own (bytes 100 and up: no test key above uses them). */
let walletByte = 100;
const nextWallet = () => (walletByte += 1);

describe('XRP and Solana keys in the signer', () => {
  let database: TestDatabase;
  let xrp: KeyHolder;
  let sol: KeyHolder;
  let service: SigningService;

  beforeAll(async () => {
    database = await createTestDatabase();
    xrp = xrpKeyHolder('testnet', privateKeyFromText('xrp', 'testnet', HOT_XRP.seed));
    sol = solanaKeyHolder('testnet', privateKeyFromText('sol', 'testnet', HOT_SOL.secret));
    service = createSigningService({ pool: database.pool, keys: [xrp, sol] });
  });
  afterAll(async () => database.destroy());

  const recorded = async (network: string, id: string) =>
    (
      await database.pool.query<{ txid: string; attempt: number }>(
        'SELECT txid, attempt FROM signer.signatures WHERE network = $1 AND id = $2 ORDER BY attempt',
        [network, id],
      )
    ).rows;

  /** A held XRP send of 25 XRP to the outside account, tag 4242. */
  async function heldXrp(tag: number | null = 4242) {
    const network = { id: 'xrp', asset: 'XRP', address: xrpTestAccount(nextWallet()).address };
    const send = await insertSend(database.pool, {
      to: OUTSIDE_XRP,
      amount: 25_000_000n,
      network,
      ...(tag === null ? {} : { destinationTag: tag }),
    });
    const transaction: UnsignedTransaction = {
      network: 'xrp',
      id: send.id,
      from: HOT_XRP.address,
      to: OUTSIDE_XRP,
      amount: send.amount,
      ...(tag === null ? {} : { destinationTag: tag }),
      // The adapter gives each withdrawal its own sequence (the same one would make the same transaction).
      nonce: nextWallet(),
      feeRate: 12n,
      feeUnits: 1n,
      validUntil: 1_020,
    };
    return transaction;
  }

  /** A held Solana send of 0.5 SOL to the outside address. */
  async function heldSol() {
    const network = { id: 'sol', asset: 'SOL', address: solanaTestKey(nextWallet()).address };
    const send = await insertSend(database.pool, { to: OUTSIDE_SOL, amount: 500_000_000n, network });
    const transaction: UnsignedTransaction = {
      network: 'sol',
      id: send.id,
      from: HOT_SOL.address,
      to: OUTSIDE_SOL,
      amount: send.amount,
      feeRate: 5_000n,
      feeUnits: 1n,
      validUntil: 300,
      recentBlockhash: BLOCKHASH,
    };
    return transaction;
  }

  it('signs a held XRP send once, paying exactly its amount, destination and tag, and answers a retry alike', async () => {
    const transaction = await heldXrp();
    const signed = await service.sign(transaction);
    expect(decode(signed.raw)).toMatchObject({
      TransactionType: 'Payment',
      Account: HOT_XRP.address,
      Destination: OUTSIDE_XRP,
      DestinationTag: 4242,
      Amount: '25000000',
      Sequence: transaction.nonce,
      LastLedgerSequence: 1_020,
    });
    expect(await service.sign(transaction)).toEqual(signed);
    expect(await recorded('xrp', transaction.id)).toEqual([{ txid: signed.txid, attempt: 1 }]);
  });

  it('refuses an XRP transaction whose amount, destination or tag differs from the held send', async () => {
    const transaction = await heldXrp();
    for (const [change, field] of [
      [{ amount: 25_000_001n }, 'amount'],
      [{ to: OTHER_XRP }, 'destination'],
      [{ destinationTag: 4243 }, 'destination tag'],
    ] as const) {
      await expect(service.sign({ ...transaction, ...change })).rejects.toMatchObject({
        code: 'withdrawal_does_not_match',
        message: expect.stringContaining(field),
      });
    }
    const { destinationTag: _tag, ...untagged } = transaction;
    await expect(service.sign(untagged)).rejects.toMatchObject({ code: 'withdrawal_does_not_match' });
    expect(await recorded('xrp', transaction.id)).toEqual([]);
  });

  it('signs an expired XRP withdrawal again only on its own sequence with a later last ledger', async () => {
    const transaction = await heldXrp();
    const first = await service.sign(transaction);
    const otherSequence = { ...transaction, nonce: transaction.nonce! + 1, validUntil: 1_050 };
    await expect(service.sign(otherSequence)).rejects.toMatchObject({ code: 'withdrawal_was_signed_differently' });
    const sameExpiry = { ...transaction, feeRate: 15n };
    await expect(service.sign(sameExpiry)).rejects.toMatchObject({ code: 'withdrawal_was_signed_differently' });
    const rebuilt = { ...transaction, validUntil: 1_050 };
    const second = await service.sign(rebuilt);
    expect(second.txid).not.toBe(first.txid);
    expect(decode(second.raw)).toMatchObject({ Sequence: transaction.nonce, LastLedgerSequence: 1_050 });
    // Both retries still get their own bytes; the latest is what the signer reports as recorded.
    expect(await service.sign(transaction)).toEqual(first);
    expect(await service.recorded('xrp', transaction.id)).toMatchObject({ signed: second });
    expect(await recorded('xrp', transaction.id)).toEqual([
      { txid: first.txid, attempt: 1 },
      { txid: second.txid, attempt: 2 },
    ]);
  });

  it('signs a held Solana send once as a transfer of its lamports with its memo, and answers a retry alike', async () => {
    const transaction = await heldSol();
    const signed = await service.sign(transaction);
    const decoded = getTransactionDecoder().decode(getBase64Encoder().encode(signed.raw));
    const message = getCompiledTransactionMessageDecoder().decode(decoded.messageBytes);
    expect(message.staticAccounts.slice(0, 2)).toEqual([HOT_SOL.address, OUTSIDE_SOL]);
    expect(message.lifetimeToken).toBe(BLOCKHASH);
    expect(solanaWireDifferences(signed.raw, transaction, HOT_SOL.address)).toEqual([]);
    expect(await service.sign(transaction)).toEqual(signed);
    expect(await recorded('sol', transaction.id)).toEqual([{ txid: signed.txid, attempt: 1 }]);
  });

  it('refuses a Solana transaction that differs from the held send, or a second one on a new blockhash', async () => {
    const transaction = await heldSol();
    await expect(service.sign({ ...transaction, amount: 500_000_001n })).rejects.toMatchObject({
      code: 'withdrawal_does_not_match',
      message: expect.stringContaining('amount'),
    });
    await expect(service.sign({ ...transaction, to: OTHER_SOL })).rejects.toMatchObject({
      code: 'withdrawal_does_not_match',
      message: expect.stringContaining('destination'),
    });
    await service.sign(transaction);
    // Two blockhashes could both land: the signer cannot know the first expired, so it never signs twice.
    const rebuilt = { ...transaction, recentBlockhash: solanaTestKey(76).address, validUntil: 450 };
    await expect(service.sign(rebuilt)).rejects.toMatchObject({ code: 'withdrawal_was_signed_differently' });
    expect(await recorded('sol', transaction.id)).toHaveLength(1);
  });

  it('reads back what it signs: a blob or message for another amount, destination or tag is named', async () => {
    const transaction = await heldXrp();
    const other = await new XrpKeySigner({ seed: HOT_XRP.seed }).sign({ ...transaction, amount: 1n, to: OTHER_XRP });
    expect(xrpBlobDifferences(other.raw, transaction, HOT_XRP.address)).toEqual(['destination', 'amount']);
    const untagged = await new XrpKeySigner({ seed: HOT_XRP.seed }).sign({ ...transaction, destinationTag: 1 });
    expect(xrpBlobDifferences(untagged.raw, transaction, HOT_XRP.address)).toEqual(['destination tag']);
    expect(xrpBlobDifferences('00', transaction, HOT_XRP.address)).toEqual(['encoding']);
    const sol = await heldSol();
    const elsewhere = await new SolanaKeySigner({ secretKey: HOT_SOL.secret }).sign({
      ...sol,
      to: OTHER_SOL,
      amount: 1n,
    });
    expect(solanaWireDifferences(elsewhere.raw, sol, HOT_SOL.address)).toEqual(['destination', 'amount']);
    const anotherMemo = await new SolanaKeySigner({ secretKey: HOT_SOL.secret }).sign({ ...sol, id: 'another' });
    expect(solanaWireDifferences(anotherMemo.raw, sol, HOT_SOL.address)).toEqual(['memo']);
  });

  it('seals XRP and Solana keys at rest and opens them to their addresses', async () => {
    const kek = LocalKek.parse(newKekText());
    const seed = generatePrivateKey('xrp');
    const secret = generatePrivateKey('sol');
    await storeKey(database.pool, kek, { network: 'xrp', kind: 'regtest', privateKey: seed });
    await storeKey(database.pool, kek, { network: 'sol', kind: 'regtest', privateKey: secret });
    const { rows } = await database.pool.query<{ sealed_key: string }>(
      `SELECT sealed_key FROM signer.keys WHERE network_kind = 'regtest'`,
    );
    expect(rows.map((row) => row.sealed_key).join()).not.toContain(new TextDecoder().decode(seed));
    const opened = await loadKeys(database.pool, kek, 'regtest');
    expect(opened.map((holder) => [holder.network, holder.address])).toEqual([
      ['sol', keyAddress('sol', 'regtest', secret)],
      ['xrp', keyAddress('xrp', 'regtest', seed)],
    ]);
    await expect(loadKeys(database.pool, LocalKek.parse(newKekText()), 'regtest')).rejects.toThrow();
    expect(() => privateKeyFromText('xrp', 'regtest', 'not-a-seed')).toThrow(/family seed/);
    expect(() => privateKeyFromText('sol', 'regtest', HOT_SOL.secret.slice(0, 40))).toThrow(/64-byte secret key/);
  });
});
