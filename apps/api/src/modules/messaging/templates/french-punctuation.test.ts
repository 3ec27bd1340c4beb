// French sets a space before : ; ! ? % and inside « », and a line must not break there: with an
// ordinary space a phone's narrow line starts with the colon. The web app's French copy is checked
// the same way (apps/web/src/lib/i18n/locales.test.ts); this covers what the API writes in French:
// every e-mail (subject and text, every branch) and SMS, and the sandbox card widget's words.
import { describe, expect, it } from 'vitest';
import { WIDGET_TEXT } from '../../onramp/sandbox-widget/widget-text.ts';
import { renderEmail, renderSms } from './index.ts';
import { EMAILS, SMS } from './sample-messages.ts';

const BREAKABLE = / [:;!?»%]|« /;

describe('the API’s French copy', () => {
  it('keeps the space before : ; ! ? % and inside « » unbreakable in every e-mail and SMS', () => {
    const texts = [
      ...EMAILS.flatMap((template) => {
        const { subject, text } = renderEmail(template, 'fr');
        return [`${template.kind} subject: ${subject}`, `${template.kind} text: ${text}`];
      }),
      ...SMS.map((template) => `${template.kind} SMS: ${renderSms(template, 'fr')}`),
    ];
    expect(texts.filter((text) => BREAKABLE.test(text.slice(text.indexOf(': ') + 2)))).toEqual([]);
  });

  it('keeps them unbreakable in the sandbox card widget', () => {
    const breakable = Object.entries(WIDGET_TEXT.fr).filter(([, text]) => BREAKABLE.test(text));
    expect(breakable.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it('writes the characters themselves, as the web app does: U+00A0 before : and a figure’s %, U+202F before ;', () => {
    const alert = renderEmail(
      EMAILS.find((template) => template.kind === 'price_alert')!,
      'fr',
    );
    expect(alert.subject).toBe('Alerte de prix\u00a0: BTC/USDT');
    expect(alert.text).toContain('s’est déclenchée\u00a0: le dernier prix');
    expect(alert.text).toContain('qu’une fois\u202f; pour');
    const call = renderEmail(
      EMAILS.find((template) => template.kind === 'loan_update' && template.params.event === 'margin_call')!,
      'fr',
    );
    expect(call.text).toContain('a atteint 81,25\u00a0%.');
    expect(alert.text).toContain('le dernier prix est de 61\u202f012,5 USDT');
  });
});
