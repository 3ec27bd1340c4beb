import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../data/countries.ts';
import { countryOptions, defaultCountry, normalizePhoneNumber, toPhone } from './phone.ts';

describe('phone numbers', () => {
  it.each([
    ['7700 900123', '7700900123'],
    ['(0)7700-900.123', '07700900123'],
    ['7700_900_123', '7700900123'],
    ['+44 7700', '447700'],
  ])('removes spaces and non-word characters: %j -> %j', (value, expected) => {
    expect(normalizePhoneNumber(value)).toBe(expected);
  });

  it('builds the API phone with a plus and the dial code', () => {
    expect(toPhone('44', '7700 900-123')).toEqual({ countryCode: '+44', number: '7700900123' });
  });
});

describe('the country list', () => {
  it('covers every ISO 3166-1 country once, each with a dial code', () => {
    const codes = COUNTRIES.map((country) => country.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBeGreaterThanOrEqual(249);
    for (const country of COUNTRIES) {
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(country.dialCode).toMatch(/^[1-9]\d{0,3}$/);
      expect(country.name.length).toBeGreaterThan(2);
    }
    for (const code of ['US', 'GB', 'FR', 'BR', 'MX', 'AR', 'NG', 'IN', 'JP', 'KP']) expect(codes).toContain(code);
  });

  it.each([
    ['GB', '44'],
    ['FR', '33'],
    ['BR', '55'],
    ['US', '1'],
    ['MX', '52'],
    ['IN', '91'],
  ])('knows %s dials +%s', (code, dial) => {
    expect(COUNTRIES.find((country) => country.code === code)?.dialCode).toBe(dial);
  });

  it('picks the country of the browser language region', () => {
    expect(defaultCountry(COUNTRIES, ['fr-FR', 'en']).code).toBe('FR');
    expect(defaultCountry(COUNTRIES, ['pt-BR']).code).toBe('BR');
    expect(defaultCountry(COUNTRIES, ['en']).code).toBe('US');
  });

  it('offers options searchable by English name, ISO code and dial code', () => {
    const options = countryOptions(COUNTRIES, 'fr');
    const germany = options.find((option) => option.value === 'DE');
    expect(germany?.label).toBe('Allemagne (+49)');
    expect(germany?.keywords).toEqual(expect.arrayContaining(['Germany', 'DE', '+49']));
    expect(options).toHaveLength(COUNTRIES.length);
  });
});
