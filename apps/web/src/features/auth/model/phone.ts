// Phone numbers as the API takes them (spec §3, §5): countryCode is '+' and the dial code; the
// number loses spaces and every non-word character (dashes, dots, brackets) before it is sent.
import type { Country } from '../data/countries.ts';

export interface Phone {
  readonly countryCode: string;
  readonly number: string;
}

export function normalizePhoneNumber(value: string): string {
  return value.replace(/[\W_]/g, '');
}

export function toPhone(dialCode: string, number: string): Phone {
  return { countryCode: `+${dialCode}`, number: normalizePhoneNumber(number) };
}

/** `+44 7700 900123` style, for telling the customer where the code went. */
export function formatPhone(phone: Phone): string {
  return `${phone.countryCode} ${phone.number}`;
}

/** The country of the browser's language region (en-GB -> GB) when we know it, else the fallback. */
export function defaultCountry(countries: readonly Country[], languages: readonly string[], fallback = 'US'): Country {
  for (const tag of languages) {
    const region = tag.split('-')[1]?.toUpperCase();
    const match = countries.find((country) => country.code === region);
    if (match) return match;
  }
  return countries.find((country) => country.code === fallback) ?? countries[0]!;
}

export interface CountryOption {
  readonly value: string;
  readonly label: string;
  readonly keywords: readonly string[];
}

/** Picker options in the reader's language and alphabet order, searchable by name, ISO and dial code. */
export function countryOptions(countries: readonly Country[], languageTag: string): CountryOption[] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([languageTag], { type: 'region' });
  } catch {
    names = undefined;
  }
  const collator = new Intl.Collator(languageTag);
  return countries
    .map((country) => {
      let local = country.name;
      try {
        local = names?.of(country.code) ?? country.name;
      } catch {
        local = country.name;
      }
      return {
        value: country.code,
        label: `${local} (+${country.dialCode})`,
        keywords: [country.name, country.code, `+${country.dialCode}`, country.dialCode],
      };
    })
    .sort((a, b) => collator.compare(a.label, b.label));
}
