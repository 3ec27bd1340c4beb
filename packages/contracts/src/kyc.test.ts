import { describe, expect, it } from 'vitest';
import { ageInYears, COUNTRY_CODES, kycIdentitySchema, type KycIdentity } from './kyc.ts';

const valid: KycIdentity = {
  fullName: 'Ada Lovelace',
  dateOfBirth: '1990-12-10',
  address: '12 Analytical Engine Road',
  city: 'London',
  country: 'GB',
  currency: 'GBP',
  privacyPolicyAgreed: true,
};

const firstError = (input: unknown) => {
  const result = kycIdentitySchema.safeParse(input);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('KYC identity form (spec §3, §5)', () => {
  it('accepts a complete form, trimming the texts', () => {
    expect(kycIdentitySchema.parse({ ...valid, fullName: '  Ada Lovelace ' }).fullName).toBe('Ada Lovelace');
  });

  it.each([
    [{ fullName: 'Ada L' }, null],
    [{ fullName: 'Ada ' }, 'full_name_must_have_at_least_5_characters'],
    [{ address: '1 Rd' }, 'address_must_have_at_least_5_characters'],
    [{ address: '1 Rd.' }, null],
    [{ city: 'Ly' }, 'city_must_have_at_least_3_characters'],
    [{ city: 'Rio' }, null],
    [{ fullName: 'Ada\u0000Lovelace' }, 'identity_text_must_be_plain'],
    [{ fullName: 'Ada \u202eecalevoL' }, 'identity_text_must_be_plain'],
    [{ fullName: 'Mitra Mi\u200cKhani' }, null],
    [{ fullName: 'A'.repeat(101) }, 'full_name_must_have_at_most_100_characters'],
    [{ address: 'x'.repeat(201) }, 'address_must_have_at_most_200_characters'],
    [{ city: 'y'.repeat(101) }, 'city_must_have_at_most_100_characters'],
    [{ dateOfBirth: '1990-02-30' }, 'date_of_birth_must_be_valid'],
    [{ dateOfBirth: '10/12/1990' }, 'date_of_birth_must_be_valid'],
    [{ country: 'XX' }, 'country_must_be_supported'],
    [{ country: 'gb' }, 'country_must_be_supported'],
    [{ currency: 'BTC' }, 'currency_must_be_supported'],
    [{ privacyPolicyAgreed: false }, 'privacy_policy_must_be_agreed'],
    [{ privacyPolicyAgreed: undefined }, 'privacy_policy_must_be_agreed'],
  ])('%j answers %s', (change, code) => {
    expect(firstError({ ...valid, ...change })).toBe(code);
  });
});

describe('ageInYears', () => {
  it.each([
    ['2008-03-01', '2026-03-01', 18],
    ['2008-03-02', '2026-03-01', 17],
    ['2008-02-29', '2026-02-28', 17],
    ['2008-02-29', '2026-03-01', 18],
    ['1990-12-10', '2026-12-09', 35],
  ])('born %s, on %s: %i', (born, today, age) => {
    expect(ageInYears(born, new Date(`${today}T12:00:00Z`))).toBe(age);
  });
});

it('lists the 249 ISO 3166-1 countries once each', () => {
  expect(COUNTRY_CODES).toHaveLength(249);
  expect(new Set(COUNTRY_CODES).size).toBe(249);
  expect(COUNTRY_CODES.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
});
