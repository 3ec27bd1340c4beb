// The accounts' e-mails and SMS reach a customer in their language (spec §1): a code in the language
// of the page that asked for it (the web app sends it as Accept-Language), a customer registered in
// that language, and later security e-mails in the language stored on the profile.
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { latestCode, messagesTo, randomIp, STRONG_PASSWORD, uniqueEmail } from './testing/customers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function post(url: string, body: object, language?: string, token?: string) {
  return t.app.inject({
    method: url.startsWith('PUT ') ? 'PUT' : 'POST',
    url: `/api/v1${url.replace(/^PUT /, '')}`,
    remoteAddress: randomIp(),
    headers: {
      ...(language ? { 'accept-language': language } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: body,
  });
}

async function newest(to: string) {
  const [message] = await messagesTo(t, to);
  if (!message) throw new Error(`nothing was sent to ${to}`);
  return message;
}

describe('the language of account messages', () => {
  it('sends the sign-up code in the page’s language and registers the customer in it', async () => {
    const email = uniqueEmail();
    expect((await post('/auth/verify-email/send-code', { email }, 'fr-FR,fr;q=0.9,en;q=0.8')).statusCode).toBe(200);
    expect(await newest(email)).toMatchObject({ subject: 'Votre code de vérification Rora' });
    const emailOTP = await latestCode(t, email);
    const body = { email, password: STRONG_PASSWORD, recieveUpdates: true, shareData: true, emailOTP };
    const registered = await post('/auth/register', body, 'fr');
    expect(registered.statusCode).toBe(201);
    const { user, token } = registered.json().data;
    expect(user.preferences.language).toBe('fr');

    // Later e-mails follow the language stored on the profile, whatever page they come from.
    const saved = await post(`PUT /user/preferences/${user._id}`, { language: 'pt_br' }, undefined, token);
    expect(saved.json().data.preferences.language).toBe('pt_br');
    const change = { currentPassword: STRONG_PASSWORD, newPassword: 'another strong passphrase 7' };
    expect((await post('PUT /user/password/update', change, undefined, token)).statusCode).toBe(200);
    expect(await newest(email)).toMatchObject({ subject: 'A senha da sua conta Rora foi alterada' });
  });

  it('sends the phone code by SMS in the page’s language', async () => {
    const number = `6${String(randomInt(1e8)).padStart(8, '0')}`;
    const sent = await post('/auth/phone', { phone: { countryCode: '+52', number } }, 'es-419,es;q=0.9');
    expect(sent.statusCode).toBe(200);
    expect((await newest(`+52${number}`)).body).toMatch(
      /^Tu código de verificación de Rora es \d{6}\. Vence en 10 minutos\.$/,
    );
  });

  it('sends a password-reset code in the language of the page that asked for it', async () => {
    const email = uniqueEmail();
    await post('/auth/verify-email/send-code', { email });
    const emailOTP = await latestCode(t, email);
    await post('/auth/register', { email, password: STRONG_PASSWORD, recieveUpdates: true, shareData: true, emailOTP });
    const asked = await post('/auth/forgot-passord/request-code', { email, method: 'email' }, 'pt-BR');
    expect(asked.statusCode).toBe(200);
    const message = await newest(email);
    expect(message.subject).toBe('Seu código de redefinição de senha da Rora');
    expect(message.body).toContain(`Seu código de redefinição de senha da Rora é ${await latestCode(t, email)}.`);
  });

  it('writes English, and registers in English, when the page asks for no language of ours', async () => {
    const email = uniqueEmail();
    await post('/auth/verify-email/send-code', { email }, 'de-DE,de;q=0.9');
    expect(await newest(email)).toMatchObject({ subject: 'Your Rora verification code' });
    const emailOTP = await latestCode(t, email);
    const body = { email, password: STRONG_PASSWORD, recieveUpdates: true, shareData: true, emailOTP };
    const registered = await post('/auth/register', body, 'de');
    expect(registered.json().data.user.preferences.language).toBe('en');
  });
});
