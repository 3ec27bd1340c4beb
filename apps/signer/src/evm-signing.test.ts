// The signer's rules for Ethereum and its tokens, on real PostgreSQL, as for the Bitcoin family: it
// signs only an approved, held send for exactly its network, destination and amount (a token: the
// `transfer(to, amount)` call on the configured contract), under its own chain id; never a fee cap
// or gas above its ceiling; once per id (a retry gets the same 0x-prefixed bytes, another nonce or
// fee under a signed id is refused), also under 20 concurrent requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFunctionData, erc20Abi, keccak256, parseTransaction, type Hex } from 'viem';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { evmAddressFromPublicKey, type UnsignedTransaction } from '@rora/chains';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { evmKeyHolders } from './evm-keys.ts';
import type { KeyHolder } from './keys.ts';
import { createSigningService, type SigningService } from './signing-service.ts';
import { insertSend, type HeldSend } from './testing/fixtures.ts';

const CHAIN_ID = 31_337;
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const GWEI = 1_000_000_000n;
const someEvmAddress = () => evmAddressFromPublicKey(secp256k1.getPublicKey(secp256k1.utils.randomSecretKey()));

describe('the signing service with Ethereum keys', () => {
  let database: TestDatabase;
  let holders: KeyHolder[];
  let service: SigningService;
  let hot: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    holders = evmKeyHolders('eth', 'regtest', secp256k1.utils.randomSecretKey(), {
      chainId: CHAIN_ID,
      maxFeePerGas: 100n * GWEI,
      maxGas: 200_000n,
      tokens: { 'usdt-erc20': TOKEN },
    });
    hot = holders[0]!.address;
    service = createSigningService({ pool: database.pool, keys: holders });
  });
  afterAll(async () => database.destroy());

  const held = (network: 'eth' | 'usdt-erc20' = 'eth', options: { approved?: boolean } = {}) =>
    insertSend(database.pool, {
      to: someEvmAddress(),
      amount: 10n ** 15n,
      ...options,
      network: { id: network, asset: network === 'eth' ? 'ETH' : 'USDT', address: someEvmAddress() },
    });
  const unsigned = (send: HeldSend, change: Partial<UnsignedTransaction> = {}): UnsignedTransaction => ({
    network: 'eth',
    id: send.id,
    from: hot,
    to: send.to,
    amount: send.amount,
    nonce: 3,
    feeRate: 30n * GWEI,
    feeUnits: 21_000n,
    priorityFeeRate: GWEI,
    ...change,
  });
  const recorded = async (id: string) =>
    (await database.pool.query('SELECT txid FROM signer.signatures WHERE id = $1', [id])).rows;

  it('signs a held Ether send under its own chain id, as 0x-prefixed raw bytes', async () => {
    const send = await held();
    const signed = await service.sign(unsigned(send));
    expect(signed.raw).toMatch(/^0x02[0-9a-f]+$/);
    expect(signed.txid).toBe(keccak256(signed.raw as Hex));
    const tx = parseTransaction(signed.raw as Hex);
    expect(tx).toMatchObject({ chainId: CHAIN_ID, nonce: 3, value: send.amount, gas: 21_000n });
    expect(tx.to?.toLowerCase()).toBe(send.to.toLowerCase());
    expect(tx.maxFeePerGas).toBe(30n * GWEI);
    expect(await recorded(send.id)).toEqual([{ txid: signed.txid }]);
  });

  it('signs a token send as transfer(to, amount) on the configured contract', async () => {
    const send = await held('usdt-erc20');
    const signed = await service.sign(
      unsigned(send, { network: 'usdt-erc20', contract: TOKEN.toLowerCase(), feeUnits: 65_000n }),
    );
    const tx = parseTransaction(signed.raw as Hex);
    expect(tx.chainId).toBe(CHAIN_ID);
    expect(tx.value ?? 0n).toBe(0n);
    expect(tx.to?.toLowerCase()).toBe(TOKEN.toLowerCase());
    const call = decodeFunctionData({ abi: erc20Abi, data: tx.data! });
    expect(call.functionName).toBe('transfer');
    expect((call.args as readonly [string, bigint]).map(String)).toEqual([send.to, String(send.amount)]);
  });

  it('refuses a token send that calls another contract, and one that does not match its send', async () => {
    const send = await held('usdt-erc20');
    const token = { network: 'usdt-erc20' as const, feeUnits: 65_000n };
    await expect(service.sign(unsigned(send, { ...token, contract: someEvmAddress() }))).rejects.toMatchObject({
      code: 'transaction_signature_is_invalid',
    });
    await expect(
      service.sign(unsigned(send, { ...token, contract: TOKEN, amount: send.amount * 2n })),
    ).rejects.toMatchObject({ code: 'withdrawal_does_not_match', message: expect.stringContaining('amount') });
    await expect(
      service.sign(unsigned(send, { ...token, contract: TOKEN, to: someEvmAddress() })),
    ).rejects.toMatchObject({ code: 'withdrawal_does_not_match', message: expect.stringContaining('destination') });
    // The Ether network under a token send's id: the ledger's send is on another network.
    await expect(service.sign(unsigned(send))).rejects.toMatchObject({ code: 'withdrawal_does_not_match' });
    expect(await recorded(send.id)).toEqual([]);
  });

  it('refuses a fee cap or gas above its ceiling, and an unapproved send', async () => {
    const send = await held();
    await expect(service.sign(unsigned(send, { feeRate: 101n * GWEI }))).rejects.toMatchObject({
      code: 'transaction_fee_is_above_ceiling',
    });
    await expect(service.sign(unsigned(send, { feeUnits: 200_001n }))).rejects.toMatchObject({
      code: 'transaction_fee_is_above_ceiling',
    });
    const unapproved = await held('eth', { approved: false });
    await expect(service.sign(unsigned(unapproved))).rejects.toMatchObject({ code: 'withdrawal_is_not_held' });
    expect([...(await recorded(send.id)), ...(await recorded(unapproved.id))]).toEqual([]);
  });

  it('answers a retry with the same bytes, and refuses another nonce or fee under the same id', async () => {
    const send = await held();
    // The destination as the ledger wrote it (checksummed) and in lower case name one account.
    const first = await service.sign(unsigned(send, { to: send.to.toLowerCase() }));
    expect(await service.sign(unsigned(send, { to: send.to.toLowerCase() }))).toEqual(first);
    for (const other of [{ nonce: 4 }, { feeRate: 31n * GWEI }, { to: send.to }]) {
      await expect(service.sign(unsigned(send, { to: send.to.toLowerCase(), ...other }))).rejects.toMatchObject({
        code: 'withdrawal_was_signed_differently',
      });
    }
    expect(await recorded(send.id)).toHaveLength(1);
  });

  it('signs once under 20 concurrent requests for one id', async () => {
    const send = await held();
    const results = await Promise.all(Array.from({ length: 20 }, () => service.sign(unsigned(send))));
    expect(new Set(results.map((result) => result.raw)).size).toBe(1);
    expect(await recorded(send.id)).toHaveLength(1);
  });

  it('lists one address for the chain and its tokens, and holds no other chain', async () => {
    expect(service.addresses()).toEqual({ eth: hot, 'usdt-erc20': hot });
    const send = await held();
    await expect(service.sign(unsigned(send, { network: 'bsc' }))).rejects.toMatchObject({
      code: 'signer_has_no_key_for_network',
    });
  });
});
