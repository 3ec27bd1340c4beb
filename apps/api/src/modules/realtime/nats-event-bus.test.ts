// The NATS event bus (EVENT_BUS=nats): two buses on two connections stand for two processes, on the
// test machine's NATS (testing/nats.ts). Topics carry this run's id, since other runs may share it.
import { randomUUID } from 'node:crypto';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessEventBus, type EventBus, type RealtimeEvent } from './event-bus.ts';
import { natsAvailable, natsTestUrl } from '../../testing/nats.ts';
import { createNatsEventBus, subjectOf } from './nats-event-bus.ts';

const natsUrl = natsTestUrl;
const available = await natsAvailable('nats-event-bus');

/** A TCP relay in front of NATS whose connections a test can cut, as a network blip does. */
async function startRelay(): Promise<{ url: string; cut(): void; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = createConnection({ host: natsUrl.hostname, port: Number(natsUrl.port) });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => (sockets.delete(socket), client.destroy(), upstream.destroy()));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `nats://127.0.0.1:${port}`,
    cut: () => sockets.forEach((socket) => socket.destroy()),
    close: () =>
      new Promise((resolve) => (sockets.forEach((socket) => socket.destroy()), server.close(() => resolve()))),
  };
}

const run = randomUUID().slice(0, 8);
const topic = (name: string) => `user:${run}-${name}`;
const warnings: string[] = [];
const log = {
  info: () => undefined,
  warn: (fields: object, message: string) => void warnings.push(message + JSON.stringify(fields)),
};
const event = (n: number, data: unknown = { n }): RealtimeEvent => ({ channel: 'swaps', type: 'updated', data });

function listen(bus: EventBus, name: string) {
  const received: RealtimeEvent[] = [];
  const stop = bus.subscribe(name, (next) => received.push(next));
  return { received, stop };
}

async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out ${warnings.join()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Waits until the server has the subscriptions of a bus: a round trip through NATS after them. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe.skipIf(!available)('the NATS event bus', () => {
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let api: EventBus & { ready: Promise<void> };
  let worker: EventBus & { ready: Promise<void> };

  beforeAll(async () => {
    relay = await startRelay();
    api = createNatsEventBus({ url: relay.url, local: createInProcessEventBus(), log, name: 'test-api' });
    worker = createNatsEventBus({ url: natsUrl.href, local: createInProcessEventBus(), log, name: 'test-worker' });
    await Promise.all([api.ready, worker.ready]);
  });
  afterAll(async () => {
    await Promise.all([api?.close(), worker?.close()]);
    await relay?.close();
  });

  it('delivers an event to the other process, and once to its own subscribers', async () => {
    const remote = listen(api, topic('a'));
    const own = listen(worker, topic('a'));
    await settle();
    await worker.publish(topic('a'), event(1));
    expect(own.received).toEqual([event(1)]);
    await until(() => remote.received.length === 1);
    await settle();
    expect(remote.received).toEqual([event(1)]);
    expect(own.received).toEqual([event(1)]);
    remote.stop();
    own.stop();
  });

  it('keeps the order of many events, and carries large ones whole', async () => {
    const remote = listen(api, topic('b'));
    await settle();
    const sent = Array.from({ length: 300 }, (_, n) => event(n, { n, text: 'x'.repeat(100) }));
    sent.splice(150, 0, event(-1, { fills: Array.from({ length: 2_000 }, (_, id) => ({ id, price: '61000.50' })) }));
    for (const next of sent) void worker.publish(topic('b'), next);
    await until(() => remote.received.length === sent.length);
    expect(remote.received).toEqual(sent);
    remote.stop();
  });

  it('delivers to each local listener until it leaves, and keeps unshared topics in their process', async () => {
    const first = listen(api, topic('m'));
    const second = listen(api, topic('m'));
    await settle();
    await worker.publish(topic('m'), event(1));
    await until(() => first.received.length === 1 && second.received.length === 1);
    first.stop();
    first.stop();
    await worker.publish(topic('m'), event(2));
    await until(() => second.received.length === 2);
    second.stop();
    const market = listen(api, `market:${run}-BTC-USDT`);
    const marker = listen(api, topic('marker'));
    await settle();
    await worker.publish(`market:${run}-BTC-USDT`, event(3));
    // Sent after the market event: once it has arrived, the market event would have too.
    await worker.publish(topic('marker'), event(4));
    await until(() => marker.received.length === 1);
    expect(first.received).toEqual([event(1)]);
    expect(second.received).toEqual([event(1), event(2)]);
    expect(market.received).toEqual([]);
    expect(worker.wants(`market:${run}-ETH-USDT`)).toBe(false);
    expect(worker.wants(topic('nobody'))).toBe(true);
    market.stop();
    marker.stop();
  });

  it('keeps topics apart even when one contains a dot or a wildcard', async () => {
    expect(subjectOf('user:a.b')).not.toBe(subjectOf('user:a')); // and has no extra token
    expect(subjectOf('user:a.b').split('.')).toHaveLength(3);
    expect(subjectOf('user:>')).not.toContain('>');
    const wild = listen(api, `user:${run}-*`);
    const plain = listen(api, topic('c'));
    await settle();
    await worker.publish(topic('c'), event(1));
    await until(() => plain.received.length === 1);
    await settle();
    expect(wild.received).toEqual([]);
    wild.stop();
    plain.stop();
  });

  it('subscribes again after its connection is cut, and delivers what was sent after', async () => {
    const remote = listen(api, topic('d'));
    await settle();
    relay.cut();
    // Events sent while a listener is away are lost; keep sending until it is back.
    await until(() => {
      void worker.publish(topic('d'), event(remote.received.length));
      return remote.received.length > 0;
    }, 15_000);
    expect(warnings.some((warning) => warning.startsWith('event bus lost NATS'))).toBe(true);
    remote.stop();
  });
});

/** Just enough of a NATS server to take a client in clear text; it offers no TLS, and may announce others. */
async function startPlainNats(connectUrls: string[] = []) {
  const connects: string[] = [];
  const sockets = new Set<Socket>();
  let dials = 0;
  const server = createServer((socket) => {
    dials += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    const info = { server_id: 'plain', version: '2.10.0', proto: 1, max_payload: 1048576, connect_urls: connectUrls };
    socket.write(`INFO ${JSON.stringify(info)}\r\n`);
    socket.on('data', (chunk) => {
      for (const line of chunk.toString().split('\r\n')) {
        if (line.startsWith('CONNECT')) connects.push(line);
        if (line === 'PING') socket.write('PONG\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    connects,
    dials: () => dials,
    close: (): Promise<void> =>
      new Promise((resolve) => (sockets.forEach((each) => each.destroy()), server.close(() => resolve()))),
  };
}

describe('the NATS event bus on a tls:// URL', () => {
  it('refuses a server that offers no TLS instead of sending its events in clear text (ADR 0076)', async () => {
    const plain = await startPlainNats();
    const quiet = { info: () => undefined, warn: () => undefined };
    const clear = createNatsEventBus({
      url: `nats://127.0.0.1:${plain.port}`,
      local: createInProcessEventBus(),
      log: quiet,
    });
    await clear.ready;
    expect(plain.connects).toHaveLength(1);
    await clear.close();
    const tls = createNatsEventBus({
      url: `tls://127.0.0.1:${plain.port}`,
      local: createInProcessEventBus(),
      log: quiet,
    });
    // The client dials again every second while it waits for its first connection.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(plain.dials()).toBeGreaterThan(1);
    expect(plain.connects).toHaveLength(1);
    await tls.close();
    await plain.close();
  });
});

describe('the NATS event bus on a nats:// URL', () => {
  it('reaches only the servers listed, not those a cluster announces, which may be public (ADR 0076)', async () => {
    const announced = await startPlainNats();
    const listed = await startPlainNats([`127.0.0.1:${announced.port}`]);
    const quiet = { info: () => undefined, warn: () => undefined };
    const bus = createNatsEventBus({
      url: `nats://127.0.0.1:${listed.port}`,
      local: createInProcessEventBus(),
      log: quiet,
    });
    await bus.ready;
    await listed.close();
    // The client would move to an announced server at once; it dials the listed one again each second.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(announced.dials()).toBe(0);
    await bus.close();
    await announced.close();
  });
});
