// The log redaction: secret fields one and two levels deep and secret headers are censored, top-level
// fields and everything else pass untouched, nothing is mutated, and a real pino line carries no secret.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { LOG_CENSOR, redactLogObject } from './log-redaction.ts';

describe('redactLogObject', () => {
  it('censors secret fields one and two levels deep, in objects and arrays', () => {
    const line = {
      body: { email: 'a@example.test', password: 'hunter2', nested: { pin: '2580', keep: 1 } },
      attempts: [{ code: '123456' }, { ticket: 't', note: 'n' }],
    };
    expect(redactLogObject(line)).toEqual({
      body: { email: 'a@example.test', password: LOG_CENSOR, nested: { pin: LOG_CENSOR, keep: 1 } },
      attempts: [{ code: LOG_CENSOR }, { ticket: LOG_CENSOR, note: 'n' }],
    });
  });

  it("cuts a query's parameters from any string field, at any of the walked levels", () => {
    const message = 'Failed query: SELECT id FROM users WHERE email = $1\nparams: alice@example.test';
    expect(redactLogObject({ message, error: { reason: message } })).toEqual({
      message: 'Failed query: SELECT id FROM users WHERE email = $1',
      error: { reason: 'Failed query: SELECT id FROM users WHERE email = $1' },
    });
  });

  it('censors secret headers under a headers key, at the top or one level down', () => {
    const headers = { Authorization: 'Bearer x', 'content-type': 'application/json', cookie: 'a=b' };
    expect(redactLogObject({ headers })).toEqual({
      headers: { Authorization: LOG_CENSOR, 'content-type': 'application/json', cookie: LOG_CENSOR },
    });
    expect(redactLogObject({ req: { headers: { 'sec-websocket-protocol': 'bearer, t' } } })).toEqual({
      req: { headers: { 'sec-websocket-protocol': LOG_CENSOR } },
    });
  });

  it("leaves the log call's own top-level fields and deeper levels as they are", () => {
    const line = { code: 'kyc_approval_required', a: { b: { c: { password: 'deep' } } } };
    expect(redactLogObject(line)).toBe(line);
  });

  it('copies what it censors and never mutates the caller’s object', () => {
    const body = { password: 'hunter2' };
    const line = { body, other: { keep: true } };
    const out = redactLogObject(line);
    expect(body.password).toBe('hunter2');
    expect(out.other).toBe(line.other);
  });

  it('keeps secrets out of a real pino line', () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(chunk.toString()), done()) });
    const log = pino({ formatters: { log: redactLogObject } }, stream);
    log.info({ body: { password: 'hunter2' }, request: { token: 'other-secret' }, code: 'x' }, 'signed in');
    const text = lines.join('');
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('other-secret');
    expect(JSON.parse(text)).toMatchObject({
      code: 'x',
      body: { password: LOG_CENSOR },
      request: { token: LOG_CENSOR },
    });
  });
});
