// Coin selection and amount notation of the Bitcoin-family adapter: pure, so every edge is a row.
import { describe, expect, it } from 'vitest';
import { DUST_LIMIT, selectCoins, transactionVsize } from './coin-selection.ts';
import { NodeError, coinsToMinor, minorToCoins } from './rpc-client.ts';

const coin = (txid: string, amount: bigint) => ({ txid: txid.repeat(64).slice(0, 64), vout: 0, amount });
const P2WPKH = 31;

describe('coin selection', () => {
  it('sizes a one-input, two-output transfer as the node does (141 vB)', () => {
    expect(transactionVsize(1, [P2WPKH, P2WPKH])).toBe(141);
    expect(transactionVsize(2, [P2WPKH, P2WPKH])).toBe(209);
  });

  it('takes the largest coins first and returns the change at the stated rate', () => {
    const selection = selectCoins([coin('a', 10_000n), coin('b', 500_000n), coin('c', 200_000n)], {
      amount: 300_000n,
      feeRate: 10n,
      recipientBytes: P2WPKH,
    });
    expect(selection?.inputs.map((input) => input.amount)).toEqual([500_000n]);
    expect(selection?.fee).toBe(1_410n);
    expect(selection?.change).toBe(500_000n - 300_000n - 1_410n);
  });

  it('adds coins until amount and fee are covered, paying for each input', () => {
    const selection = selectCoins([coin('a', 200_000n), coin('b', 200_000n)], {
      amount: 300_000n,
      feeRate: 10n,
      recipientBytes: P2WPKH,
    });
    expect(selection?.inputs).toHaveLength(2);
    expect(selection?.fee).toBe(2_090n);
  });

  it('leaves a dust remainder to the miner instead of making an output of it', () => {
    const fee = BigInt(transactionVsize(1, [P2WPKH])) * 10n;
    const selection = selectCoins([coin('a', 100_000n + fee + DUST_LIMIT - 1n)], {
      amount: 100_000n,
      feeRate: 10n,
      recipientBytes: P2WPKH,
    });
    expect(selection).toMatchObject({ change: 0n, fee: fee + DUST_LIMIT - 1n });
  });

  it('answers null when the coins cannot cover amount and fee', () => {
    expect(selectCoins([coin('a', 100_000n)], { amount: 100_000n, feeRate: 1n, recipientBytes: P2WPKH })).toBeNull();
    expect(selectCoins([], { amount: 1n, feeRate: 1n, recipientBytes: P2WPKH })).toBeNull();
  });
});

describe('amounts as the node writes them', () => {
  it.each([
    [0, 0n],
    [0.00000001, 1n],
    [48.4999859, 4_849_998_590n],
    [84_000_000, 8_400_000_000_000_000n],
  ])('reads %s coins as %s minor units, and writes them back', (coins, minor) => {
    expect(coinsToMinor(coins)).toBe(minor);
    expect(Number(minorToCoins(minor))).toBe(coins);
  });

  it.each([[-1], [Number.NaN], ['1'], [1e9], [null]])('refuses %s as malformed', (value) => {
    expect(() => coinsToMinor(value)).toThrow(NodeError);
  });
});
