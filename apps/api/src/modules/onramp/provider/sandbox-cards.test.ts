import { describe, expect, it } from 'vitest';
import { ONRAMP_SANDBOX_TEST_CARDS } from '@rora/contracts';
import { isAppError } from '../../../lib/errors.ts';
import { decideCard, passesLuhn } from './sandbox-cards.ts';

const now = new Date('2026-05-15T12:00:00Z');
const card = (cardNumber: string, expiry = '12/30', cvc = '123') => ({ cardNumber, expiry, cvc });

function refusal(run: () => unknown): { code: string; field?: string } {
  try {
    run();
  } catch (error) {
    if (isAppError(error)) return { code: error.code, field: error.field };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the sandbox provider’s card rules', () => {
  it('knows the Luhn check', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('79927398713')).toBe(true);
  });

  it.each(ONRAMP_SANDBOX_TEST_CARDS)('decides test card $number as $outcome ($declineCode)', (test) => {
    expect(decideCard(card(test.number.replace(/(\d{4})/g, '$1 ').trim()), now)).toEqual({
      last4: test.number.slice(-4),
      outcome: test.outcome,
      declineCode: test.declineCode,
    });
  });

  it('declines any other valid card as not supported, keeping only the last four digits', () => {
    expect(decideCard(card('5555-5555-5555-4444'), now)).toEqual({
      last4: '4444',
      outcome: 'declined',
      declineCode: 'card_not_supported',
    });
  });

  it.each([
    [card('4242 4242 4242 4241'), 'onramp_card_number_invalid', 'cardNumber'],
    [card('4242'), 'onramp_card_number_invalid', 'cardNumber'],
    [card('4242424242424242', '13/30'), 'onramp_card_expiry_invalid', 'expiry'],
    [card('4242424242424242', '1230'), 'onramp_card_expiry_invalid', 'expiry'],
    [card('4242424242424242', '04/26'), 'onramp_card_expired', 'expiry'],
    [card('4242424242424242', '12/30', '12'), 'onramp_card_cvc_invalid', 'cvc'],
    [card('4242424242424242', '12/30', '12a4'), 'onramp_card_cvc_invalid', 'cvc'],
  ])('refuses %o with %s', (input, code, field) => {
    expect(refusal(() => decideCard(input, now))).toEqual({ code, field });
  });

  it('accepts a card through the last day of its expiry month', () => {
    expect(decideCard(card('4242424242424242', '05/26'), now).outcome).toBe('approved');
    expect(refusal(() => decideCard(card('4242424242424242', '05/26'), new Date('2026-06-01T00:00:00Z'))).code).toBe(
      'onramp_card_expired',
    );
  });
});
