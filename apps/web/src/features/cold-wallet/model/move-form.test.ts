import { describe, expect, it } from 'vitest';
import type { ColdWallet } from '@rora/contracts';
import { movable, moveAmountError } from './move-form.ts';

const eth = { assetSymbol: 'ETH', quantity: '1', available: '2.5' } as ColdWallet;

describe('cold wallet move', () => {
  it('moves in up to the available balance and out up to the cold quantity', () => {
    expect(movable(eth, 'create')).toBe(2_500_000_000_000_000_000n);
    expect(movable(eth, 'withdraw')).toBe(1_000_000_000_000_000_000n);
  });

  it.each<[string, 'create' | 'withdraw', string | null]>([
    ['2.5', 'create', null],
    ['2.6', 'create', 'move.errors.moreThanAvailable'],
    ['1', 'withdraw', null],
    ['1.000000000000000001', 'withdraw', 'move.errors.moreThanCold'],
    ['0', 'create', 'move.errors.amountPositive'],
    ['', 'create', 'move.errors.amountRequired'],
    ['0.0000000000000000001', 'create', 'move.errors.amountInvalid'],
  ])('%s (%s) -> %s', (amount, type, error) => {
    expect(moveAmountError(eth, type, amount)).toBe(error);
  });
});
