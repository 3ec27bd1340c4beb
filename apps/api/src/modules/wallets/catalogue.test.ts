// The API's error catalogue knows every code the chains package can throw (status 422) and every
// code a customer's amount can break, so no chain or money refusal ever surfaces as a 500.
import { describe, expect, it } from 'vitest';
import { CHAIN_ERROR_CODES } from '@rora/chains';
import { errorCatalogue, isErrorCode } from '@rora/contracts';
import { MONEY_ERROR_CODES } from '@rora/money';
import { derivedId } from '../../lib/derived-id.ts';

describe('error catalogue', () => {
  it('has every chain error code, answering 422', () => {
    for (const code of CHAIN_ERROR_CODES) {
      expect(isErrorCode(code), code).toBe(true);
      expect(errorCatalogue[code as keyof typeof errorCatalogue].status, code).toBe(422);
    }
  });

  it('has the money codes a typed amount can break', () => {
    const parsing = [
      'amount_is_empty',
      'amount_is_not_a_decimal',
      'amount_is_too_long',
      'amount_has_too_many_decimals',
      'amount_must_not_be_negative',
    ];
    for (const code of parsing) {
      expect(MONEY_ERROR_CODES).toContain(code);
      expect(isErrorCode(code), code).toBe(true);
    }
  });
});

describe('derivedId', () => {
  it('is a UUID, the same for the same inputs and different otherwise', () => {
    const id = derivedId('2f1b6c2e-4a1f-4d59-9c6e-1d0c9a7f5b11', 'withdrawal');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(derivedId('2f1b6c2e-4a1f-4d59-9c6e-1d0c9a7f5b11', 'withdrawal')).toBe(id);
    expect(derivedId('2f1b6c2e-4a1f-4d59-9c6e-1d0c9a7f5b11', 'withdrawal_fee')).not.toBe(id);
  });
});
