// A refused code send says when the customer can try again, in their language, never only "later"
// (issue 19 defect 11): the wait comes from the API's item (retryAfterSeconds).
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/errors.ts';
import errorsEn from '../../../lib/api/locales/en.json';
import errorsFr from '../../../lib/api/locales/fr.json';
import errorsLaEs from '../../../lib/api/locales/la_es.json';
import errorsPtBr from '../../../lib/api/locales/pt_br.json';
import { ERRORS_NAMESPACE, i18n } from '../../../lib/i18n/i18n.ts';
import en from '../../../lib/i18n/locales/en.json';
import fr from '../../../lib/i18n/locales/fr.json';
import la_es from '../../../lib/i18n/locales/la_es.json';
import pt_br from '../../../lib/i18n/locales/pt_br.json';
import { failureText } from './use-submit.ts';

const limited = (code: string, retryAfterSeconds?: number) =>
  new ApiError({
    status: 429,
    code,
    message: 'Too many codes were requested. Please try again later',
    items: [{ code, message: 'Too many codes were requested. Please try again later', retryAfterSeconds }],
  });

beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    fallbackLng: false,
    resources: {
      en: { common: en, errors: errorsEn },
      fr: { common: fr, errors: errorsFr },
      'es-419': { common: la_es, errors: errorsLaEs },
      'pt-BR': { common: pt_br, errors: errorsPtBr },
    },
    defaultNS: 'common',
    fallbackNS: ERRORS_NAMESPACE,
    interpolation: { escapeValue: false },
  });
});

describe('failureText', () => {
  it.each([
    ['en', 'code_send_limit_reached', 720, 'Too many codes were requested. Try again in 12 minutes.'],
    ['en', 'code_resend_too_soon', 45, 'A new code was just sent. You can ask for another in 45 seconds.'],
    ['en', 'too_many_requests', 30, 'Too many requests. Try again in 30 seconds.'],
    ['fr', 'code_send_limit_reached', 75_600, 'Trop de codes ont été demandés. Réessayez dans 21 heures.'],
    [
      'es-419',
      'code_send_limit_reached',
      120,
      'Se pidieron demasiados códigos. Vuelve a intentarlo dentro de 2 minutos.',
    ],
    ['pt-BR', 'code_send_limit_reached', 120, 'Foram solicitados códigos demais. Tente novamente em 2 minutos.'],
  ])('%s: %s after %i seconds', async (language, code, seconds, text) => {
    await i18n.changeLanguage(language);
    expect(failureText(limited(code, seconds))).toBe(text);
  });

  it('falls back to the usual message when the API names no wait', async () => {
    await i18n.changeLanguage('en');
    expect(failureText(limited('code_send_limit_reached'))).toBe(
      'Too many codes were requested. Please try again later',
    );
  });
});
