import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './loopback.ts';

describe('isLoopbackHost', () => {
  it.each(['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', 'LOCALHOST', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1'])(
    'counts %s as loopback',
    (host) => expect(isLoopbackHost(host)).toBe(true),
  );

  it.each(['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', '::ffff:10.0.0.1', 'rora.example.com', 'localhost.evil.test'])(
    'counts %s as exposed',
    (host) => expect(isLoopbackHost(host)).toBe(false),
  );
});
