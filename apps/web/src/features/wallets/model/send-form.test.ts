import { describe, expect, it } from 'vitest';
import { maxSendable, parseTag, sendSummary, validateSend, type SendContext, type SendDraft } from './send-form.ts';

const context: SendContext = {
  decimals: 8,
  available: 100_000_000n,
  fee: 2_000n,
  usesDestinationTag: false,
  addressCheck: { valid: true },
};
const draft: SendDraft = { address: 'bc1qexample', destinationTag: '', amount: '0.5' };

describe('validateSend', () => {
  it.each<[string, Partial<SendDraft>, Partial<SendContext>, Record<string, string>]>([
    ['a valid send', {}, {}, {}],
    ['no address', { address: ' ' }, {}, { address: 'send.errors.addressRequired' }],
    [
      'an address the server refused',
      {},
      { addressCheck: { valid: false, code: 'address_checksum_is_invalid' } },
      { address: 'errors.address_checksum_is_invalid' },
    ],
    ['no amount', { amount: '' }, {}, { amount: 'send.errors.amountRequired' }],
    ['too many decimals', { amount: '0.123456789' }, {}, { amount: 'send.errors.amountInvalid' }],
    ['zero', { amount: '0' }, {}, { amount: 'send.errors.amountPositive' }],
    ['amount + fee above available', { amount: '1' }, {}, { amount: 'send.errors.amountTooLarge' }],
    ['exactly available less the fee', { amount: '0.99998' }, {}, {}],
    ['a tag that is not a number', { destinationTag: '12a' }, {}, { destinationTag: 'send.errors.tagInvalid' }],
    ['a tag above 2^32 - 1', { destinationTag: '4294967296' }, {}, { destinationTag: 'send.errors.tagInvalid' }],
  ])('%s', (_name, change, contextChange, errors) => {
    expect(validateSend({ ...draft, ...change }, { ...context, ...contextChange })).toEqual(errors);
  });
});

describe('amounts', () => {
  it('sends at most available less the fee', () => {
    expect(maxSendable(100n, 30n)).toBe(70n);
    expect(maxSendable(10n, 30n)).toBe(0n);
    expect(maxSendable(10n, null)).toBe(10n);
  });

  it('parses tags and sums the summary exactly', () => {
    expect(parseTag('100042')).toBe(100042);
    expect(parseTag('')).toBeNull();
    expect(sendSummary(10_000_000n, 1_410n, 8)).toEqual({ amount: '0.1', fee: '0.0000141', total: '0.1000141' });
  });
});
