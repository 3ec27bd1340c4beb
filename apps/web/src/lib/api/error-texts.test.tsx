// ADR 0052: an API error code is worded once. Codes more than one feature can meet live in the
// shared `errors` namespace (lib/api/locales); a feature words only codes no other feature meets, and
// never rewords a shared one. Every catalogued code a customer can meet is translated in the four
// languages; the codes of GENERIC_CODES (nothing the app's own screens can provoke) read as the
// generic "An error occurred" in the reader's language, never as the API's English message.
import { renderHook } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '@rora/contracts';
import { ERRORS_NAMESPACE } from '../i18n/i18n.ts';
import { ApiError } from './errors.ts';
import { useErrorText } from './use-error-text.ts';

type Resources = { errors?: Record<string, string> } & Record<string, unknown>;
const LANGUAGES = ['en', 'fr', 'la_es', 'pt_br'] as const;
type Language = (typeof LANGUAGES)[number];

const byLanguage = (files: Record<string, Resources>, pattern: RegExp) => {
  const out = new Map<string, Map<Language, Resources>>();
  for (const [path, resources] of Object.entries(files)) {
    const [, owner, language] = pattern.exec(path)!;
    if (!out.has(owner!)) out.set(owner!, new Map());
    out.get(owner!)!.set(language as Language, resources);
  }
  return out;
};
const features = byLanguage(
  import.meta.glob<Resources>('../../features/*/locales/*.json', { eager: true, import: 'default' }),
  /features\/([^/]+)\/locales\/(\w+)\.json$/,
);
const shared = byLanguage(
  import.meta.glob<Resources>('./locales/*.json', { eager: true, import: 'default' }),
  /()locales\/(\w+)\.json$/,
).get('')!;
const common = byLanguage(
  import.meta.glob<Resources>('../i18n/locales/*.json', { eager: true, import: 'default' }),
  /()locales\/(\w+)\.json$/,
).get('')!;

/**
 * Codes the web app's own screens never provoke: a provider's webhook, a malformed HTTP request
 * (the app's client always sends a well-formed one), and the operators' custody tools. Meeting one
 * means something broke, and the generic message says so.
 */
const GENERIC_CODES = [
  'webhook_signature_invalid',
  'webhook_timestamp_outside_tolerance',
  'webhook_replay_refused',
  'webhook_payload_invalid',
  'webhook_reference_unknown',
  'request_body_must_be_json',
  'request_body_key_not_allowed',
  'request_body_keys_must_be_unique',
  'query_parameters_must_be_unique',
  'request_uri_too_long',
  'request_headers_too_large',
  'request_must_be_valid_http',
  'request_took_too_long',
  'text_must_not_contain_nul',
  'text_must_be_valid_unicode',
  'request_body_must_be_valid_utf_8',
  'request_body_not_allowed',
  'request_body_too_large',
  'media_type_not_supported',
  'charset_must_be_utf_8',
  'content_encoding_must_be_identity',
  'route_not_found',
  'method_not_allowed',
  'websocket_upgrade_required',
  'idempotency_key_required',
  'idempotency_key_reused_with_different_body',
  // Values the screens only ever send from their own lists: the marketplace's sort, the card
  // purchase's currency, a swap's quote id.
  'loan_market_sort_is_not_listed',
  'onramp_currency_not_supported',
  'swap_quote_id_must_be_uuid',
  // The sandbox's faucet and mining (dev routes, which no screen calls) on a cluster's reading process.
  'devnet_is_run_by_another_process',
  'deposit_config_is_missing',
  'deposit_config_is_invalid',
  'extended_key_is_invalid',
  'extended_key_must_be_public',
  'extended_key_is_for_another_network',
  'extended_key_must_be_account_level',
  'address_pool_is_invalid',
  'address_index_is_out_of_range',
  'broadcast_id_reused_with_different_request',
  'sweep_source_is_not_a_deposit_address',
  'sweep_amount_does_not_cover_fee',
  'sweep_needs_gas',
  'sweep_fee_is_above_one_percent',
  'transaction_is_unknown',
  'replacement_is_not_supported',
  'replacement_fee_is_too_low',
  'transaction_is_not_replaceable',
  'transaction_signature_is_invalid',
];
const codes = Object.keys(errorCatalogue);
const sharedErrors = (language: Language) => shared.get(language)!.errors!;
const featureErrors = (feature: string, language: Language) => features.get(feature)!.get(language)!.errors ?? {};

describe('the shared errors namespace', () => {
  it('holds only catalogued codes', () => {
    expect(Object.keys(sharedErrors('en')).filter((code) => !codes.includes(code))).toEqual([]);
  });

  it.each(LANGUAGES)('is not reworded by a feature namespace or common (%s)', (language) => {
    const redefined = [...features.keys(), 'common'].flatMap((owner) => {
      const own = owner === 'common' ? (common.get(language)!.errors ?? {}) : featureErrors(owner, language);
      return Object.keys(own)
        .filter((code) => code in sharedErrors(language))
        .map((code) => `${owner}: ${code}`);
    });
    expect(redefined).toEqual([]);
  });

  it('takes every code two features would word (a feature words only its own codes)', () => {
    const owners = new Map<string, string[]>();
    for (const feature of features.keys())
      for (const code of Object.keys(featureErrors(feature, 'en')).filter((key) => codes.includes(key)))
        owners.set(code, [...(owners.get(code) ?? []), feature]);
    expect([...owners].filter(([, by]) => by.length > 1)).toEqual([]);
  });
});

describe('every catalogued code', () => {
  const translatedIn = (code: string, language: Language) =>
    code in sharedErrors(language) || [...features.keys()].some((feature) => code in featureErrors(feature, language));

  it.each(LANGUAGES)('a customer can meet is translated (%s)', (language) => {
    const missing = codes.filter((code) => !GENERIC_CODES.includes(code) && !translatedIn(code, language));
    expect(missing).toEqual([]);
  });

  it('left to the generic message is catalogued and translated nowhere (the list stays true)', () => {
    expect(GENERIC_CODES.filter((code) => !codes.includes(code))).toEqual([]);
    expect(GENERIC_CODES.filter((code) => LANGUAGES.some((language) => translatedIn(code, language)))).toEqual([]);
  });
});

async function errorTextIn(language: Language, feature: string) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: {
      [language]: {
        common: common.get(language)!,
        [ERRORS_NAMESPACE]: shared.get(language)!,
        [feature]: features.get(feature)!.get(language)!,
      },
    },
    defaultNS: 'common',
    fallbackNS: ERRORS_NAMESPACE,
    interpolation: { escapeValue: false },
  });
  const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
  return renderHook(() => useErrorText(feature), { wrapper }).result.current;
}

describe('useErrorText', () => {
  it.each(LANGUAGES)(
    'words each code in %s: the feature’s text, else the shared one, else the generic',
    async (language) => {
      const generic = (common.get(language)!.errors as Record<string, string>).fallback!;
      for (const feature of features.keys()) {
        const text = await errorTextIn(language, feature);
        for (const code of codes) {
          const expected = featureErrors(feature, language)[code] ?? sharedErrors(language)[code] ?? generic;
          expect(text.ofCode(code), `${feature}: ${code}`).toBe(expected);
        }
      }
    },
  );

  it.each(LANGUAGES)('says when to try again a request still running too long to wait for (%s)', async (language) => {
    const stillRunning = (retryAfterSeconds: number) =>
      new ApiError({
        status: 409,
        code: 'idempotency_request_in_progress',
        message: 'Still running',
        items: [{ code: 'idempotency_request_in_progress', message: 'Still running' }],
        retryAfterSeconds,
      });
    const retryIn = common.get(language)!.errors as Record<string, string>;
    for (const feature of ['wallets', 'staking', 'lending', 'swap']) {
      const text = await errorTextIn(language, feature);
      expect(text.ofError(stillRunning(20))).toBe(retryIn.inProgressRetryIn_other!.replace('{{count}}', '20'));
      expect(text.ofError(stillRunning(1))).toBe(sharedErrors(language).idempotency_request_in_progress);
    }
  });

  it('shows the shared French text in every feature, and the generic one for an untranslated code', async () => {
    const swap = await errorTextIn('fr', 'swap');
    const wallets = await errorTextIn('fr', 'wallets');
    expect(swap.ofCode('price_is_unavailable')).toBe(sharedErrors('fr').price_is_unavailable);
    expect(wallets.ofCode('price_is_unavailable')).toBe(sharedErrors('fr').price_is_unavailable);
    expect(swap.ofCode('sweep_needs_gas')).toBe('Une erreur s’est produite. Veuillez réessayer');
  });
});
