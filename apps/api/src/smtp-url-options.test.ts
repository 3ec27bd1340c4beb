// SMTP_URL's options that break mail or stop the process are refused at start in every environment,
// naming the option and never the URL (ADR 0076, fifth addendum); the others still send.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusals } from './testing/production-refusals.ts';
import { fakeSmtpServer } from './testing/fake-smtp-server.ts';
import { loadConfig } from './config.ts';
import { createSmtpMailAdapter } from './modules/messaging/delivery-adapters.ts';

const URL = 'smtp://rora:pw-hunter2@127.0.0.1:1025/';

describe('SMTP_URL options', () => {
  it.each([
    // From a URL these are strings or numbers where nodemailer wants a socket, a function or an object.
    ['connection=1', /^connection= stands for an open socket, .* the process stops: leave it out$/],
    ['connection=true', /^connection= stands for an open socket/],
    ['socket=1', /^socket= stands for a socket object/],
    ['getSocket=1', /^getSocket= stands for a function/],
    ['secured=true', /^secured= says the socket given as connection= is already TLS/],
    ['dkim=1', /^dkim= stands for signing keys, .* the process stops/],
    ['logger=1', /^logger= stands for a logger object/],
    ['customAuth=abc', /^customAuth= stands for functions/],
    ['normalizeHeaderKey=1', /^normalizeHeaderKey= stands for a function/],
    ['tls=1', /^tls= stands for an object/],
    ['SES=1', /^SES= selects nodemailer's Amazon SES transport, .* the process stops/],
    ['url=smtp://127.0.0.1:1026/%3Fconnection%3D1', /^url= has nodemailer read the URL it names instead/],
    // A pool queues mail with no time limit; maxConnections=x holds every mail forever.
    ['pool=true', /^pool= keeps connections open after the mail/],
    ['pool=1&maxConnections=x', /^pool= keeps connections open/],
    ['maxConnections=5', /^maxConnections= only tunes a pool/],
    ['rateLimit=1', /^rateLimit= only tunes a pool/],
    ['maxMessages=1', /^maxMessages= only tunes a pool/],
    ['rateDelta=1', /^rateDelta= only tunes a pool/],
    ['maxRequeues=1', /^maxRequeues= only tunes a pool/],
    // The adapter's time limits: replaced only by a usable one.
    ['greetingTimeout=-1', /^greetingTimeout= must be a whole number of milliseconds from 1000 to 120000/],
    ['connectionTimeout=1', /^connectionTimeout= must be a whole number/],
    ['socketTimeout=86400000', /^socketTimeout= must be a whole number/],
    ['connectionTimeout=x', /^connectionTimeout= must be a whole number/],
    ['socketTimeout=0', /^socketTimeout= must be a whole number/],
    ['dnsTimeout=1.5', /^dnsTimeout= must be a whole number/],
    // Node's tls.connect gets these as they are: tls.timeout=x stops the process at the first mail.
    ['tls.timeout=x', /^tls\.timeout= is no TLS option SMTP_URL takes: .* it takes tls\.servername, tls\.host/],
    ['tls.path=/run/mail.sock', /^tls\.path= is no TLS option/],
    ['tls.ca=x', /^tls\.ca= is no TLS option/],
    ['tls.secureOptions=0', /^tls\.secureOptions= is no TLS option/],
    ['tls.minVersion=TLSv1.4', /^tls\.minVersion= must be one of TLSv1, TLSv1\.1, TLSv1\.2, TLSv1\.3/],
    ['tls.maxVersion=1', /^tls\.maxVersion= must be one of/],
  ])('refuses %s at start in every environment, naming the option', (query, why) => {
    for (const NODE_ENV of ['development', 'production']) {
      const lines = refusals({ NODE_ENV, SMTP_URL: `${URL}?${query}` }).filter((line) => /^ {2}SMTP_URL: /.test(line));
      expect(lines, NODE_ENV).toHaveLength(1);
      expect(lines[0]!.trim().slice('SMTP_URL: '.length)).toMatch(why);
      expect(lines[0]).not.toMatch(/hunter2|127\.0\.0\.1/);
    }
  });

  it('refuses an auth parameter: the user and password go before the host', () => {
    // nodemailer takes the parameter only when the URL has no user info, in place of it.
    expect(refusals({ SMTP_URL: 'smtp://127.0.0.1:1025/?auth=pw-hunter2' })).toEqual([
      '  SMTP_URL: auth= stands for an object: give the user and password before the host (smtp://user:pass@host)',
    ]);
    expect(loadConfig({ SMTP_URL: `${URL}?auth=x` }).SMTP_URL).toBe(`${URL}?auth=x`);
  });

  it('refuses a URL nodemailer cannot parse instead of failing when the adapter is made', () => {
    // tls=1 then tls.x: nodemailer's parser tries to set x on the number 1 and throws.
    expect(refusals({ SMTP_URL: `${URL}?tls=1&tls.servername=mail` })).toEqual([
      '  SMTP_URL: nodemailer cannot parse the URL: give an smtps:// or smtp:// URL',
    ]);
  });

  describe('the options it takes', () => {
    const received: string[] = [];
    const server = fakeSmtpServer(received);
    let port = 0;
    beforeAll(async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as { port: number }).port;
    });
    afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

    it.each([
      'pool=false&name=rora.test&authMethod=PLAIN&forceAuth=true',
      'connectionTimeout=5000&greetingTimeout=5000&socketTimeout=5000&dnsTimeout=5000',
      'servername=mail.example.com&tls.servername=mail.example.com&tls.minVersion=TLSv1.2&tls.rejectUnauthorized=true',
      'debug=true&transactionLog=true&lmtp=false&jsonTransport=false',
    ])('starts with %s and sends the mail', async (query) => {
      const url = `smtp://rora:pw@127.0.0.1:${port}/?${query}`;
      expect(loadConfig({ SMTP_URL: url }).SMTP_URL).toBe(url);
      const before = received.length;
      await createSmtpMailAdapter({ url, from: 'x@rora.exchange' }).send({
        to: 'a@example.com',
        subject: 's',
        text: 't',
      });
      expect(received).toHaveLength(before + 1);
    });
  });
});
