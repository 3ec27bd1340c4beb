// The codes a customer can meet on the exchange screen read in their language, never as the
// server's English, and messages that name a rule get the pair's value for it.
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/errors.ts';
import errorsEn from '../../../lib/api/locales/en.json';
import errorsFr from '../../../lib/api/locales/fr.json';
import errorsLaEs from '../../../lib/api/locales/la_es.json';
import errorsPtBr from '../../../lib/api/locales/pt_br.json';
import { ERRORS_NAMESPACE, i18n } from '../../../lib/i18n/i18n.ts';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import la_es from '../locales/la_es.json';
import pt_br from '../locales/pt_br.json';
import commonFr from '../../../lib/i18n/locales/fr.json';
import { marketModel, ruleValues } from '../model/market.ts';
import { errorMessage } from './feedback.ts';

const LANGUAGES = { en, fr, la_es, pt_br } as const;
const SHARED = { en: errorsEn, fr: errorsFr, la_es: errorsLaEs, pt_br: errorsPtBr } as const;
const REACHABLE = [
  'idempotency_request_in_progress',
  'resource_not_found',
  'dark_pool_is_on_rora_only',
  'post_only_requires_limit_gtc',
  'amount_is_too_large',
  'amount_is_too_long',
  'notional_must_fit_range',
  'price_is_out_of_range',
  'quantity_is_out_of_range',
  'order_must_be_open',
  'notional_must_reach_dark_pool_minimum',
  'available_balance_must_cover_order',
  'kyc_approval_required',
];

const btc = ruleValues(marketModel('BTC/USDT'));
const failure = (code: string) => {
  const message = `English from the server for ${code}`;
  return new ApiError({ status: 400, code, message, items: [{ code, message }] });
};

beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    fallbackLng: false,
    resources: Object.fromEntries(
      Object.entries(LANGUAGES).map(([code, exchange]) => [
        code,
        {
          exchange,
          [ERRORS_NAMESPACE]: SHARED[code as keyof typeof SHARED],
          ...(code === 'fr' ? { common: commonFr } : {}),
        },
      ]),
    ),
    defaultNS: 'common',
    fallbackNS: ERRORS_NAMESPACE,
    interpolation: { escapeValue: false },
  });
});

describe('error messages on the exchange screen', () => {
  for (const language of Object.keys(LANGUAGES)) {
    it.each(REACHABLE)(`${language}: %s is translated`, async (code) => {
      await i18n.changeLanguage(language);
      const text = errorMessage(failure(code), btc);
      expect(text).not.toContain('English from the server');
      expect(text).not.toMatch(/{{|}}/);
      if (language !== 'en') {
        await i18n.changeLanguage('en');
        expect(text, 'a real translation, not the English text').not.toBe(errorMessage(failure(code), btc));
      }
    });
  }

  it('fills in the pair rules a message names', async () => {
    await i18n.changeLanguage('en');
    expect(errorMessage(failure('price_must_be_multiple_of_tick'), btc)).toBe('The price must be a multiple of 0.1');
    expect(errorMessage(failure('notional_must_reach_dark_pool_minimum'), btc)).toBe(
      'A dark-pool order must be worth at least 100,000 USDT at the prices it would trade at',
    );
  });

  it('says in how many seconds an order still being placed can be tried again, when it is too long to wait for', async () => {
    const stillRunning = (retryAfterSeconds?: number) => {
      const code = 'idempotency_request_in_progress';
      const items = [{ code, message: 'Still running' }];
      return new ApiError({ status: 409, code, message: 'Still running', items, retryAfterSeconds });
    };
    const expected = {
      en: 'This order is still being placed. Check your open orders, then try again in 15 seconds',
      fr: 'Cet ordre est encore en cours d’envoi. Vérifiez vos ordres ouverts, puis réessayez dans 15\u00a0secondes',
      la_es: 'Esta orden todavía se está enviando. Revisa tus órdenes abiertas y vuelve a intentarlo en 15 segundos',
      pt_br: 'Esta ordem ainda está sendo enviada. Confira suas ordens abertas e tente de novo em 15 segundos',
    };
    for (const [language, text] of Object.entries(expected)) {
      await i18n.changeLanguage(language);
      expect(errorMessage(stillRunning(15), btc), language).toBe(text);
      // Short (the app waited for it already) or not said: the moment to wait is not counted.
      expect(errorMessage(stillRunning(1), btc), language).toBe(
        errorMessage(failure('idempotency_request_in_progress')),
      );
      expect(errorMessage(stillRunning(), btc), language).not.toMatch(/\d/);
    }
  });

  it('words one second in the singular, French with a no-break space before the unit', async () => {
    await i18n.changeLanguage('en');
    expect(i18n.t('exchange:errors.inProgressRetryIn', { count: 1 })).toMatch(/in 1 second$/);
    await i18n.changeLanguage('fr');
    expect(i18n.t('exchange:errors.inProgressRetryIn', { count: 1 })).toMatch(/dans 1\u00a0seconde$/);
    expect(i18n.t('exchange:errors.inProgressRetryIn', { count: 18 })).toMatch(/dans 18\u00a0secondes$/);
  });

  it('reads the generic message, never the server’s English, for a code the app does not know', async () => {
    await i18n.changeLanguage('fr');
    expect(errorMessage(failure('some_new_rule'))).toBe('Une erreur s’est produite. Veuillez réessayer');
  });
});
