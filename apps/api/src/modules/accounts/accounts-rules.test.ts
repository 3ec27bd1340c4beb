import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeDevice } from './device.ts';
import { assertPasswordPolicy, createPasswordHasher, isCommonPassword } from './passwords.ts';
import { isSimplePin } from './pin.service.ts';

describe('password rules', () => {
  const list = readFileSync(new URL('./data/common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'));

  it('ships thousands of common passwords, each at least 8 characters and listed once', () => {
    expect(list.length).toBeGreaterThanOrEqual(2000);
    expect(list.every((password) => password.length >= 8)).toBe(true);
    expect(new Set(list).size).toBe(list.length);
  });

  it.each(['password', '12345678', 'iloveyou', 'PassWord1', 'trustno1', 'qwertyuiop'])(
    'finds %s common',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it('lets an uncommon passphrase through', () => {
    expect(isCommonPassword('violet tractor umbrella 93')).toBe(false);
    expect(() => assertPasswordPolicy('violet tractor umbrella 93')).not.toThrow();
  });

  it.each([
    ['1234567', 'password_must_have_at_least_8_characters'],
    ['x'.repeat(129), 'password_must_have_at_most_128_characters'],
    ['football', 'password_is_too_common'],
    [' '.repeat(8), 'password_needs_5_different_characters'],
    ['aaaaaaaaaaaa', 'password_needs_5_different_characters'],
    ['abcdabcdabcd', 'password_needs_5_different_characters'],
  ])('refuses %j with %s', (password, code) => {
    expect(() => assertPasswordPolicy(password)).toThrow(expect.objectContaining({ code, field: 'password' }));
  });

  it('hashes with argon2id and verifies; the dummy check is always false', async () => {
    const hasher = createPasswordHasher();
    const hash = await hasher.hash('violet tractor umbrella 93');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(hash, 'violet tractor umbrella 93')).toBe(true);
    expect(await hasher.verify(hash, 'violet tractor umbrella 94')).toBe(false);
    expect(await hasher.verify('not a hash', 'anything')).toBe(false);
    expect(await hasher.verifyNothing('an unknown account has no password to match')).toBe(false);
  });
});

describe('PIN rules', () => {
  it.each(['0000', '1111', '1234', '3456', '9876', '123456', '654321', '999999'])('finds %s too simple', (pin) => {
    expect(isSimplePin(pin)).toBe(true);
  });
  it.each(['2580', '1357', '1243', '9713', '739146', '1122'])('accepts %s', (pin) => {
    expect(isSimplePin(pin)).toBe(false);
  });
});

describe('device labels', () => {
  it.each([
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chrome on macOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox on Linux'],
    ['curl/8.5.0', 'curl'],
    ['', 'Unknown device'],
    [null, 'Unknown device'],
  ])('labels %s as %s', (userAgent, label) => {
    expect(describeDevice(userAgent)).toBe(label);
  });
});
