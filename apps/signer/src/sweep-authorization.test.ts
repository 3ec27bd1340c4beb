// What a sweep signature authorizes (ADR 0049): the deposit key the signer derives for the index, paid
// only to its own hot wallet, with a fee of at most 1 %; anything else is refused by rule.
import { describe, expect, it } from 'vitest';
import { Transaction, WIF } from '@scure/btc-signer';
import { DEVNET_DEPOSIT_CONFIGS, createAddressDeriver, withPrefix, type UnsignedTransaction } from '@rora/chains';
import {
  EDR_DEPOSIT_XPRV,
  EDR_HOT_KEY,
  REGTEST_HOT_KEY,
  REGTEST_LTC,
  REGTEST_LTC_DEPOSIT_XPRV,
  REGTEST_LTC_XPUB,
} from '@rora/chains/testing';
import { evmKeyHolders, evmPrivateKeyFromHex } from './evm-keys.ts';
import { keyHolder } from './keys.ts';
import { authorizeGasTopUp, authorizeSweep, loadDepositKeys } from './sweep-authorization.ts';
import { someAddress } from './testing/fixtures.ts';

const holder = keyHolder('ltc', 'regtest', WIF(REGTEST_LTC.signer).decode(REGTEST_HOT_KEY));
const problems: string[] = [];
const keys = loadDepositKeys({ SIGNER_LTC_DEPOSIT_XPRV: REGTEST_LTC_DEPOSIT_XPRV }, problems);
const deposit = (index: number) =>
  withPrefix(
    createAddressDeriver('ltc', { scheme: 'hd', xpub: REGTEST_LTC_XPUB }).derive('ltc', index).address,
    'rltc',
  );

function sweepOf(index: number, changes: Partial<UnsignedTransaction> = {}): UnsignedTransaction {
  return {
    network: 'ltc',
    id: `sweep-${index}`,
    from: deposit(index),
    to: holder.address,
    amount: 99_890_000n,
    feeRate: 1_000n,
    feeUnits: 110n,
    inputs: [{ txid: 'ab'.repeat(32), vout: 1, amount: 100_000_000n }],
    depositIndex: index,
    ...changes,
  };
}

const refusal = (transaction: UnsignedTransaction, options = { keys, kind: 'regtest' as const }) => {
  try {
    authorizeSweep(transaction, holder, options);
    return null;
  } catch (error) {
    return (error as { code?: string }).code;
  }
};

describe('sweep authorization', () => {
  it('signs with the deposit key of the index, paying the hot wallet the amount', async () => {
    expect(problems).toEqual([]);
    const signer = authorizeSweep(sweepOf(5), holder, { keys, kind: 'regtest' });
    const signed = await signer.sign(sweepOf(5));
    const tx = Transaction.fromRaw(Buffer.from(signed.raw, 'hex'));
    expect(tx.outputsLength).toBe(1);
    expect(tx.getOutput(0).amount).toBe(99_890_000n);
    expect(signer.addressFor('ltc')).toBe(deposit(5));
  });

  it('refuses a sweep to any address but its own hot wallet, or with change elsewhere', () => {
    expect(refusal(sweepOf(5, { to: someAddress() }))).toBe('sweep_destination_is_not_the_hot_wallet');
    const change = { address: someAddress(), amount: 5_000n };
    expect(refusal(sweepOf(5, { change }))).toBe('sweep_destination_is_not_the_hot_wallet');
  });

  it('refuses an index that is not the source address, or a signer without deposit keys', () => {
    expect(refusal(sweepOf(5, { depositIndex: 6 }))).toBe('sweep_source_is_not_a_deposit_address');
    expect(refusal(sweepOf(5), { keys: {}, kind: 'regtest' })).toBe('sweep_source_is_not_a_deposit_address');
  });

  it('refuses a fee above 1 % of what is swept', () => {
    expect(refusal(sweepOf(5, { amount: 98_000_000n, feeUnits: 2_000_000n, feeRate: 1n }))).toBe(
      'transaction_fee_is_above_ceiling',
    );
    expect(refusal(sweepOf(5, { amount: 99_000_000n }))).toBeNull();
  });

  it('names a deposit key that is not an account-level private key', () => {
    const found: string[] = [];
    const publicOnly = loadDepositKeys({ SIGNER_LTC_DEPOSIT_XPRV: REGTEST_LTC_XPUB }, found);
    expect(publicOnly).toEqual({});
    expect(found).toEqual(['SIGNER_LTC_DEPOSIT_XPRV: must be an account-level extended private key']);
  });

  it('signs an EVM sweep with the deposit key under the chain id and ceilings, only to the hot wallet', async () => {
    const token = '0x2222222222222222222222222222222222222222';
    const settings = { chainId: 31337, maxFeePerGas: 10n ** 11n, maxGas: 200_000n, tokens: { 'usdt-erc20': token } };
    const [eth] = evmKeyHolders('eth', 'regtest', evmPrivateKeyFromHex(EDR_HOT_KEY)!, settings);
    const evmKeys = loadDepositKeys({ SIGNER_ETH_DEPOSIT_XPRV: EDR_DEPOSIT_XPRV }, problems);
    const options = { keys: evmKeys, kind: 'regtest' as const, evm: { eth: settings } };
    const from = createAddressDeriver('eth', DEVNET_DEPOSIT_CONFIGS.eth!).derive('eth', 4).address;
    const sweep: UnsignedTransaction = {
      network: 'eth',
      id: 'sweep-eth-4',
      from,
      to: eth!.address,
      amount: 10n ** 18n,
      nonce: 0,
      feeRate: 10n ** 9n,
      feeUnits: 21_000n,
      depositIndex: 4,
    };
    const signed = await authorizeSweep(sweep, eth!, options).sign(sweep);
    expect(signed.txid).toMatch(/^0x[0-9a-f]{64}$/);
    const tokens = { ...sweep, network: 'usdt-erc20' as const, contract: token, amount: 5n, feeUnits: 65_000n };
    expect((await authorizeSweep(tokens, eth!, options).sign(tokens)).txid).toMatch(/^0x/);
    const elsewhere = { ...sweep, to: '0x1111111111111111111111111111111111111111' };
    expect(() => authorizeSweep(elsewhere, eth!, options)).toThrow(/hot wallet/);
    const costly = { ...sweep, amount: 10n ** 15n, feeRate: 10n ** 11n };
    expect(() => authorizeSweep(costly, eth!, options)).toThrow(/at most 1 %/);
    await expect(
      authorizeSweep({ ...sweep, feeUnits: 300_000n, amount: 10n ** 20n }, eth!, options).sign({
        ...sweep,
        feeUnits: 300_000n,
        amount: 10n ** 20n,
      }),
    ).rejects.toMatchObject({ code: 'transaction_fee_is_above_ceiling' });
  });

  it('tops up only its own deposit address of the index, with at most one sweep’s gas', () => {
    const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
    const settings = { chainId: 31337, maxFeePerGas: 10n ** 11n, maxGas: 200_000n, tokens: { 'usdt-erc20': token } };
    const [eth] = evmKeyHolders('eth', 'regtest', evmPrivateKeyFromHex(EDR_HOT_KEY)!, settings);
    const evmKeys = loadDepositKeys({ SIGNER_ETH_DEPOSIT_XPRV: EDR_DEPOSIT_XPRV }, problems);
    const options = { keys: evmKeys, kind: 'regtest' as const, evm: { eth: settings } };
    const depositAt = (index: number) =>
      createAddressDeriver('eth', DEVNET_DEPOSIT_CONFIGS.eth!).derive('eth', index).address;
    const topUp: UnsignedTransaction = {
      network: 'eth',
      id: 'top-up-3',
      from: eth!.address,
      to: depositAt(3),
      amount: 65_000n * 10n ** 9n,
      nonce: 0,
      feeRate: 10n ** 9n,
      feeUnits: 21_000n,
      topUpIndex: 3,
    };
    expect(() => authorizeGasTopUp(topUp, eth!, options)).not.toThrow();
    expect(() => authorizeGasTopUp({ ...topUp, to: depositAt(4) }, eth!, options)).toThrow(/not the deposit address/);
    expect(() => authorizeGasTopUp({ ...topUp, amount: 10n ** 18n }, eth!, options)).toThrow(/above the most/);
    expect(() => authorizeGasTopUp({ ...topUp, network: 'usdt-erc20', contract: token }, eth!, options)).toThrow(
      /tops up no/,
    );
    expect(() => authorizeGasTopUp(topUp, eth!, { keys: {}, kind: 'regtest' })).toThrow(/tops up no/);
  });
});
