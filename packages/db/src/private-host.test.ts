import { describe, expect, it } from 'vitest';
import { isPrivateHost } from './private-host.ts';

describe('isPrivateHost', () => {
  it.each([
    '127.0.0.1',
    'localhost',
    '[::1]',
    '10.1.2.3',
    '172.16.0.5',
    '172.31.255.255',
    '192.168.1.20',
    '[fd12:3456::1]',
    'fc00::1',
    '[::ffff:a00:1]',
    '::ffff:192.168.0.1',
    'postgres',
    'Redis',
    'nats-1',
    'my_db',
  ])('counts %s as this machine or a private network', (host) => expect(isPrivateHost(host)).toBe(true));

  it.each([
    'db.internal',
    'mail.example.com',
    '8.8.8.8',
    '172.32.0.1',
    '192.169.0.1',
    '100.64.0.1',
    '169.254.169.254',
    '[2001:db8::1]',
    '::ffff:8.8.8.8',
    '134744072',
    '0x8080808',
    'redis.',
    'localhost.evil.test',
    '',
  ])('counts %s as remote', (host) => expect(isPrivateHost(host)).toBe(false));
});
