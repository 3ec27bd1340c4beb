import { describe, expect, it } from 'vitest';
import {
  initialIdentityValues,
  latestAdultBirthDate,
  validateIdentity,
  type IdentityFormValues,
} from './identity-form.ts';

const today = new Date('2026-06-15T12:00:00Z');
const valid: IdentityFormValues = {
  fullName: 'Ada Lovelace',
  dateOfBirth: '1990-12-10',
  address: '12 Analytical Engine Road',
  city: 'London',
  country: 'GB',
  currency: 'GBP',
  privacyPolicyAgreed: true,
};

describe('validateIdentity', () => {
  it('answers the identity to send when every rule holds', () => {
    expect(validateIdentity({ ...valid, fullName: ' Ada Lovelace ' }, today)).toEqual({
      identity: { ...valid, fullName: 'Ada Lovelace' },
      errors: null,
    });
  });

  it('names the rule each field breaks, with the API codes', () => {
    const result = validateIdentity(
      {
        fullName: 'Ada',
        dateOfBirth: '',
        address: '1 Rd',
        city: 'Ly',
        country: '',
        currency: '',
        privacyPolicyAgreed: false,
      },
      today,
    );
    expect(result.errors).toEqual({
      fullName: 'full_name_must_have_at_least_5_characters',
      dateOfBirth: 'date_of_birth_must_be_valid',
      address: 'address_must_have_at_least_5_characters',
      city: 'city_must_have_at_least_3_characters',
      country: 'country_must_be_supported',
      currency: 'currency_must_be_supported',
      privacyPolicyAgreed: 'privacy_policy_must_be_agreed',
    });
  });

  it.each([
    ['2008-06-15', null],
    ['2008-06-16', 'customer_must_be_an_adult'],
    ['1890-01-01', 'date_of_birth_must_be_valid'],
    ['2001-02-29', 'date_of_birth_must_be_valid'],
  ])('born %s: %s', (dateOfBirth, code) => {
    expect(validateIdentity({ ...valid, dateOfBirth }, today).errors?.dateOfBirth ?? null).toBe(code);
  });
});

describe('the form on arrival', () => {
  it('is empty the first time', () => {
    expect(initialIdentityValues(null)).toMatchObject({ fullName: '', privacyPolicyAgreed: false });
  });

  it('keeps what was saved, asking for the agreement again', () => {
    const { privacyPolicyAgreed: _agreed, ...saved } = valid;
    expect(initialIdentityValues({ ...saved, currency: 'GBP', privacyPolicyAgreedAt: '2026-01-01T00:00:00Z' })).toEqual(
      {
        ...valid,
        privacyPolicyAgreed: false,
      },
    );
  });

  it('offers birth dates up to the 18th birthday', () => {
    expect(latestAdultBirthDate(today)).toBe('2008-06-15');
    expect(latestAdultBirthDate(new Date('2028-02-29T10:00:00Z'))).toBe('2010-02-28');
  });
});
