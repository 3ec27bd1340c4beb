// The in-process EVM signer signs exactly what it is given, for its chain id, and refuses anything
// that is not a withdrawal of its hot wallet: another sender, another token contract, a tip above the
// cap, no nonce, a recipient that is not an address.
import { describe, expect, it } from 'vitest';
import { parseTransaction, recoverTransactionAddress, type TransactionSerialized } from 'viem';
import type { UnsignedTransaction } from '../adapter.ts';
import { EvmKeySigner } from './key-signer.ts';

const CONTRACT = '0x3333333333333333333333333333333333333333';
const TO = '0x1111111111111111111111111111111111111111';
const signer = new EvmKeySigner({
  chainId: 5,
  privateKey: `0x${'5e'.repeat(32)}`,
  networks: [{ network: 'eth' }, { network: 'usdt-erc20', contract: CONTRACT }],
});
const from = signer.addressFor('eth');
const base: UnsignedTransaction = {
  network: 'eth',
  id: 'w',
  from,
  to: TO,
  amount: 7n,
  nonce: 3,
  feeRate: 40n,
  feeUnits: 21_000n,
  priorityFeeRate: 2n,
};

describe('EvmKeySigner', () => {
  it('signs an EIP-1559 payment for its chain id, from its address', async () => {
    const signed = await signer.sign(base);
    const raw = signed.raw as TransactionSerialized;
    expect(parseTransaction(raw)).toMatchObject({
      type: 'eip1559',
      chainId: 5,
      nonce: 3,
      to: TO,
      value: 7n,
      gas: 21_000n,
      maxFeePerGas: 40n,
      maxPriorityFeePerGas: 2n,
    });
    expect(await recoverTransactionAddress({ serializedTransaction: raw })).toBe(from);
  });

  it('signs a legacy token transfer as a call of the configured contract', async () => {
    const { priorityFeeRate: _tip, ...legacy } = base;
    void _tip;
    const signed = await signer.sign({ ...legacy, network: 'usdt-erc20', contract: CONTRACT, feeUnits: 60_000n });
    const parsed = parseTransaction(signed.raw as TransactionSerialized);
    expect(parsed).toMatchObject({ type: 'legacy', to: CONTRACT, gasPrice: 40n });
    expect(parsed.value ?? 0n).toBe(0n);
    expect(parsed.data?.slice(0, 10)).toBe('0xa9059cbb');
  });

  it.each([
    ['another sender', { from: TO }],
    ['another network', { network: 'bsc' as const }],
    ['a contract on the native network', { contract: CONTRACT }],
    ['no nonce', { nonce: undefined }],
    ['a tip above the cap', { priorityFeeRate: 41n }],
    ['a recipient that is not an address', { to: 'bc1qexample' }],
    ['less gas than a payment', { feeUnits: 20_999n }],
  ])('refuses %s', async (_, change) => {
    await expect(signer.sign({ ...base, ...change } as UnsignedTransaction)).rejects.toMatchObject({
      code: 'transaction_signature_is_invalid',
    });
  });

  it('refuses a token transfer to another contract', async () => {
    const other = { ...base, network: 'usdt-erc20' as const, contract: TO };
    await expect(signer.sign(other)).rejects.toMatchObject({ code: 'transaction_signature_is_invalid' });
  });
});
