// Every e-mail and SMS kind is written in the four languages: a real translation (not the English
// text), with the code, prices and reasons it is about.
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type LanguageCode } from '@rora/contracts';
import { renderEmail, renderSms, type EmailTemplate, type SmsTemplate } from './index.ts';
import { EMAILS, SMS } from './sample-messages.ts';

const OTHERS = LANGUAGES.map((language) => language.value).filter((code) => code !== 'en');
const name = (template: EmailTemplate | SmsTemplate) =>
  `${template.kind}${'status' in template.params ? ` ${template.params.status}` : ''}${'condition' in template.params ? ` ${template.params.condition}` : ''}`;

describe('message templates', () => {
  it.each(EMAILS.map((template) => [name(template), template] as const))(
    'e-mail %s: written in every language, each its own text',
    (_name, template) => {
      const english = renderEmail(template, 'en');
      for (const language of OTHERS as LanguageCode[]) {
        const rendered = renderEmail(template, language);
        expect(rendered.subject.trim(), language).not.toBe('');
        expect(rendered.text, language).not.toBe(english.text);
        expect(rendered.subject, language).not.toBe(english.subject);
      }
    },
  );

  it.each(SMS.map((template) => [template.kind, template] as const))(
    'SMS %s: written in every language with its code',
    (_kind, template) => {
      const texts = LANGUAGES.map((language) => renderSms(template, language.value));
      expect(new Set(texts).size).toBe(LANGUAGES.length);
      for (const text of texts) expect(text).toContain('482913');
    },
  );

  it('puts the code in every language of the code e-mails', () => {
    for (const language of LANGUAGES) {
      expect(renderEmail(EMAILS[0]!, language.value).text).toContain('482913');
      expect(renderEmail(EMAILS[2]!, language.value).text).toContain('482913');
    }
  });

  it('writes a fired alert with both prices and its side, in the reader’s language', () => {
    const alert = (condition: 'above' | 'below', language: LanguageCode) =>
      renderEmail(
        {
          kind: 'price_alert',
          params: { symbol: 'BNB/USDT', condition, price: '610.00', triggeredPrice: '612.50', quote: 'USDT' },
        },
        language,
      );
    expect(alert('above', 'en')).toEqual({
      subject: 'Price alert: BNB/USDT',
      text: expect.stringContaining('the last price is 612.50 USDT, at or above your alert price of 610.00 USDT.'),
    });
    expect(alert('above', 'fr').text).toContain(
      'le dernier prix est de 612,50 USDT, supérieur ou égal à votre prix d’alerte de 610,00 USDT.',
    );
    expect(alert('below', 'fr').text).toContain('inférieur ou égal à votre prix d’alerte de 610,00 USDT');
    expect(alert('below', 'la_es').subject).toBe('Alerta de precio: BNB/USDT');
    expect(alert('below', 'la_es').text).toContain('igual o inferior a tu precio de alerta de 610.00 USDT');
    expect(alert('above', 'pt_br').text).toContain('igual ou acima do seu preço de alerta de 610,00 USDT');
  });

  it('names every rejected item and its reason', () => {
    const rejected = (language: LanguageCode) =>
      renderEmail(
        {
          kind: 'kyc_status_changed',
          params: {
            status: 'rejected',
            reasons: [
              { item: 'identity', code: 'identity_details_do_not_match' },
              { item: 'id_card', code: 'id_card_is_expired' },
            ],
          },
        },
        language,
      ).text;
    expect(rejected('en')).toContain(
      'identity details: your identity details do not match your documents; photo of your ID: your ID card has expired',
    );
    expect(rejected('fr')).toContain('photo de votre pièce d’identité\u00a0: votre pièce d’identité a expiré');
    expect(rejected('la_es')).toContain('foto de tu documento de identidad: tu documento de identidad está vencido');
    expect(rejected('pt_br')).toContain(
      'foto do seu documento de identidade: seu documento de identidade está vencido',
    );
  });

  // What the web app's formatter shows for the same figures (Intl's marks for en, fr, es-419, pt-BR):
  // French groups with a narrow no-break space (U+202F) and puts a no-break space (U+00A0) before %.
  it.each([
    ['en', '61,012.50 USDT', '15,000 USDT (collateral 0.02 BTC)', 'reached 81.25%.'],
    ['fr', '61\u202f012,50 USDT', '15\u202f000 USDT (garantie 0,02 BTC)', 'a atteint 81,25\u00a0%.'],
    ['la_es', '61,012.50 USDT', '15,000 USDT (garantía 0.02 BTC)', 'llegó a 81.25%.'],
    ['pt_br', '61.012,50 USDT', '15.000 USDT (garantia 0,02 BTC)', 'chegou a 81,25%.'],
  ] as const)('writes prices, amounts and percentages in %s as its readers do', (language, price, loan, ltv) => {
    const alert = renderEmail(
      {
        kind: 'price_alert',
        params: {
          symbol: 'BTC/USDT',
          condition: 'above',
          price: '61000.00',
          triggeredPrice: '61012.50',
          quote: 'USDT',
        },
      },
      language,
    );
    expect(alert.text).toContain(price);
    const call = renderEmail(
      {
        kind: 'loan_update',
        params: {
          event: 'margin_call',
          role: 'borrower',
          asset: 'USDT',
          amount: '15000',
          collateralAsset: 'BTC',
          collateralAmount: '0.02',
          ltvPercent: '81.25',
        },
      },
      language,
    );
    expect(call.text).toContain(loan);
    expect(call.text).toContain(ltv);
  });

  it('keeps every decimal the sender gives, and shows text that is not a decimal as it came', () => {
    const funded = (amount: string, language: LanguageCode) =>
      renderEmail(
        {
          kind: 'loan_update',
          params: {
            event: 'funded',
            role: 'lender',
            asset: 'BTC',
            amount,
            collateralAsset: 'USDT',
            collateralAmount: '1234567.000001',
            ltvPercent: null,
          },
        },
        language,
      ).text;
    expect(funded('0.00012340', 'fr')).toContain('0,00012340 BTC (garantie 1\u202f234\u202f567,000001 USDT)');
    expect(funded('0.00012340', 'pt_br')).toContain('0,00012340 BTC (garantia 1.234.567,000001 USDT)');
    expect(funded('n/a', 'fr')).toContain('de n/a BTC');
  });
});
