// One address cannot fill the process's connection cap (plugins/connection-limits.ts): it keeps at
// most MAX_CONNECTIONS_PER_ADDRESS open, one more is closed as it arrives, and other addresses are
// served meanwhile. Loopback and TRUST_PROXY addresses are not counted. Here loopback is counted
// (the test's own list), so 127.0.0.1 and 127.0.0.2 play two outside clients.
import { BlockList, connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uncappedAddresses } from '../plugins/connection-limits.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const PER_ADDRESS = 3;
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ connectionLimits: { maxConnectionsPerAddress: PER_ADDRESS, uncapped: new BlockList() } });
  port = await t.listen();
});
afterAll(() => t?.close());

/** A connection from `from`; resolves once connected, and tells whether the server closed it. */
async function openFrom(from: string): Promise<{ socket: Socket; closed: () => boolean }> {
  const socket = connect({ port, host: '127.0.0.1', localAddress: from });
  let closed = false;
  socket.on('close', () => (closed = true));
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, closed: () => closed };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

/** A request on a socket already open: its status line, or null when the server closed it. */
async function statusOn(socket: Socket): Promise<string | null> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\r\n')) resolve(text.split('\r\n')[0]!);
    });
    socket.once('close', () => resolve(text ? text.split('\r\n')[0]! : null));
    socket.write(`GET /api/v1/health HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n\r\n`);
  });
}

describe('connections per address', () => {
  it('keeps the cap per address, closes one more as it arrives, and serves other addresses', async () => {
    const first = await Promise.all(Array.from({ length: PER_ADDRESS + 2 }, () => openFrom('127.0.0.1')));
    const other = await openFrom('127.0.0.2');
    await settle();
    expect(first.filter((client) => client.closed())).toHaveLength(2);
    expect(other.closed()).toBe(false);
    expect(await statusOn(other.socket)).toBe('HTTP/1.1 200 OK');
    const kept = first.find((client) => !client.closed())!;
    expect(await statusOn(kept.socket)).toBe('HTTP/1.1 200 OK');

    // A slot freed is a slot to take again.
    kept.socket.destroy();
    await settle();
    const again = await openFrom('127.0.0.1');
    await settle();
    expect(again.closed()).toBe(false);
    expect(await statusOn(again.socket)).toBe('HTTP/1.1 200 OK');
    for (const client of [...first, other, again]) client.socket.destroy();
  });
});

describe('the addresses not counted', () => {
  const check = (list: BlockList, address: string) => list.check(address, address.includes(':') ? 'ipv6' : 'ipv4');

  it('are loopback always, and each TRUST_PROXY address, range or proxy-addr name', () => {
    const list = uncappedAddresses(['10.1.2.3', '192.168.0.0/16', 'linklocal', '2001:db8::/32', 'proxy.internal']);
    for (const address of ['127.0.0.1', '127.9.9.9', '::1', '10.1.2.3', '192.168.40.7', '169.254.1.1', '2001:db8::5']) {
      expect(check(list, address), address).toBe(true);
    }
    for (const address of ['10.1.2.4', '8.8.8.8', '172.16.0.1', '2001:db9::1', 'fd00::1']) {
      expect(check(list, address), address).toBe(false);
    }
  });

  it('are loopback only without TRUST_PROXY', () => {
    const list = uncappedAddresses([]);
    expect(check(list, '127.0.0.1')).toBe(true);
    expect(check(list, '203.0.113.9')).toBe(false);
  });
});
