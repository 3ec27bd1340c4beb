import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WS_CLOSE_TOO_MANY_CONNECTIONS, WS_CLOSE_UNAUTHORIZED, type RealtimeMessage } from '@rora/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createTestUser, type TestUser } from '../../testing/users.ts';
import { MAX_SOCKETS_PER_CUSTOMER, MESSAGE_BURST, messageBudget } from './realtime-hub.ts';

/** Collects a socket's messages from before it opens, and hands them out in order. */
function inbox(socket: WebSocket) {
  const received: RealtimeMessage[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data) => {
    received.push(JSON.parse(data.toString()) as RealtimeMessage);
    waiters.splice(0).forEach((wake) => wake());
  });
  return {
    /**
     * The next message, as soon as it arrives. Each is one the test expects, so the deadline only
     * names the failure before the test's own limit: at 2 s, a busy machine failed tests that were right.
     */
    async next(timeoutMs = 20_000): Promise<RealtimeMessage> {
      if (received.length === 0) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no message arrived within ${timeoutMs} ms`)), timeoutMs);
          waiters.push(() => (clearTimeout(timer), resolve()));
        });
      }
      return received.shift()!;
    },
    pending: () => received.length,
  };
}

function closed(socket: WebSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
}

describe('WebSocket /api/v1/ws', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let baseUrl: string;

  beforeAll(async () => {
    // A live client's pong must come back within one interval, and client and server share this
    // process: at 100 ms a busy machine stalled the loop long enough to drop the live client.
    t = await createTestApp({ env: { WS_PING_INTERVAL_MS: '1000' } });
    alice = await createTestUser(t);
    bob = await createTestUser(t);
    baseUrl = `ws://127.0.0.1:${await t.listen()}/api/v1/ws`;
  });
  afterAll(async () => t.close());

  async function connect(headers: Record<string, string>) {
    let messages!: ReturnType<typeof inbox>;
    const socket = await t.app.injectWS('/api/v1/ws', { headers }, { onInit: (ws) => (messages = inbox(ws)) });
    return { socket, messages };
  }

  it('pushes a new notification to its owner’s sockets and to no one else', async () => {
    const a = await connect(alice.headers);
    const b = await connect(bob.headers);
    expect(await a.messages.next()).toEqual({ channel: 'system', type: 'ready', data: { userId: alice.userId } });
    expect((await b.messages.next()).type).toBe('ready');

    const created = await t.app.services.notifications.notify(alice.userId, {
      kind: 'deposit_credited',
      message: 'Deposit credited',
    });
    expect(await a.messages.next()).toEqual({ channel: 'notifications', type: 'created', data: created });

    await t.app.inject({ method: 'PUT', url: `/api/v1/notification/${created.id}/read`, headers: alice.headers });
    expect(await a.messages.next()).toEqual({
      channel: 'notifications',
      type: 'read',
      data: { id: created.id, unreadCount: 0 },
    });
    expect(b.messages.pending()).toBe(0);
    a.socket.terminate();
    b.socket.terminate();
  });

  it('accepts the token as the subprotocol pair a browser sends, and answers with the bearer subprotocol', async () => {
    const socket = new WebSocket(baseUrl, ['bearer', alice.token]);
    const messages = inbox(socket);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    expect(socket.protocol).toBe('bearer');
    expect((await messages.next()).type).toBe('ready');
    socket.send(JSON.stringify({ op: 'ping' }));
    expect(await messages.next()).toEqual({ channel: 'system', type: 'pong', data: null });
    socket.close();
  });

  it('closes with 4401 and the error code when the token is missing, unknown or revoked', async () => {
    const missing = new WebSocket(baseUrl);
    expect(await closed(missing)).toEqual({ code: WS_CLOSE_UNAUTHORIZED, reason: 'authentication_required' });

    const unknown = new WebSocket(baseUrl, ['bearer', 'A'.repeat(43)]);
    expect(await closed(unknown)).toEqual({ code: WS_CLOSE_UNAUTHORIZED, reason: 'authentication_required' });

    const carol = await createTestUser(t);
    const [session] = await t.app.services.sessions.listActive(carol.userId);
    await t.app.services.sessions.revoke(carol.userId, session!.id);
    const revoked = new WebSocket(baseUrl, ['bearer', carol.token]);
    expect(await closed(revoked)).toEqual({ code: WS_CLOSE_UNAUTHORIZED, reason: 'session_expired' });
  });

  it('closes an open socket within a keepalive interval once its session is revoked', async () => {
    const dave = await createTestUser(t);
    const socket = new WebSocket(baseUrl, ['bearer', dave.token]);
    const messages = inbox(socket);
    expect((await messages.next()).type).toBe('ready');
    const [session] = await t.app.services.sessions.listActive(dave.userId);
    const closing = closed(socket);
    await t.app.services.sessions.revoke(dave.userId, session!.id);
    expect(await closing).toEqual({ code: WS_CLOSE_UNAUTHORIZED, reason: 'session_expired' });
  });

  it('keeps a client that answers pings and drops one that does not', async () => {
    const live = new WebSocket(baseUrl, ['bearer', alice.token]);
    const dead = new WebSocket(baseUrl, ['bearer', alice.token], { autoPong: false });
    await Promise.all([live, dead].map((s) => new Promise((resolve) => s.once('open', resolve))));
    const deadClosed = closed(dead);
    expect((await deadClosed).code).toBe(1006);
    expect(live.readyState).toBe(WebSocket.OPEN);
    live.close();
  });

  it('answers a malformed client message with an error and keeps the socket open', async () => {
    const { socket, messages } = await connect(alice.headers);
    await messages.next();
    socket.send('{"op":"launch"}');
    expect(await messages.next()).toMatchObject({
      channel: 'system',
      type: 'error',
      data: { code: 'message_not_understood' },
    });
    socket.send('not json');
    expect((await messages.next()).type).toBe('error');
    socket.send(JSON.stringify({ op: 'subscribe', topic: `user:${bob.userId}` }));
    expect(await messages.next()).toMatchObject({ type: 'error', data: { code: 'topic_not_found' } });
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.terminate();
  });

  it('subscribes to a public topic a module allowed, and delivers its events', async () => {
    // A topic of the test's own, so no module's subscribe handler (market snapshots) answers it.
    t.app.services.realtime.allowPublicTopic(/^probe:[a-z]+$/);
    const { socket, messages } = await connect(alice.headers);
    await messages.next();
    socket.send(JSON.stringify({ op: 'subscribe', topic: 'probe:alpha' }));
    expect(await messages.next()).toEqual({
      channel: 'system',
      type: 'subscribed',
      data: { topic: 'probe:alpha' },
    });
    await t.app.services.events.publish('probe:alpha', { channel: 'markets', type: 'trade', data: { price: '1' } });
    expect(await messages.next()).toEqual({ channel: 'markets', type: 'trade', data: { price: '1' } });
    socket.send(JSON.stringify({ op: 'unsubscribe', topic: 'probe:alpha' }));
    expect((await messages.next()).type).toBe('unsubscribed');
    await t.app.services.events.publish('probe:alpha', { channel: 'markets', type: 'trade', data: { price: '2' } });
    socket.send(JSON.stringify({ op: 'ping' }));
    expect((await messages.next()).type).toBe('pong');
    socket.terminate();
  });

  it('delivers every event of one turn, in order, over a real connection', async () => {
    t.app.services.realtime.allowPublicTopic(/^probe:[a-z]+$/);
    const socket = new WebSocket(baseUrl, ['bearer', alice.token]);
    const messages = inbox(socket);
    expect((await messages.next()).type).toBe('ready');
    socket.send(JSON.stringify({ op: 'subscribe', topic: 'probe:burst' }));
    expect((await messages.next()).type).toBe('subscribed');
    // Published in one turn: held together and written at once.
    const prices = ['1', '2', '3', '4'];
    await Promise.all(
      prices.map((price) =>
        t.app.services.events.publish('probe:burst', { channel: 'markets', type: 'trade', data: { price } }),
      ),
    );
    const received = [];
    for (const _ of prices) received.push(((await messages.next()).data as { price: string }).price);
    expect(received).toEqual(prices);
    socket.terminate();
  });

  it('closes a customer’s socket beyond the limit with 4429, and takes one again once one closes', async () => {
    const erin = await createTestUser(t);
    const openOne = async () => {
      const socket = new WebSocket(baseUrl, ['bearer', erin.token]);
      const messages = inbox(socket);
      return { socket, messages };
    };
    const held = await Promise.all(Array.from({ length: MAX_SOCKETS_PER_CUSTOMER }, openOne));
    for (const { messages } of held) expect((await messages.next()).type).toBe('ready');
    const extra = new WebSocket(baseUrl, ['bearer', erin.token]);
    expect(await closed(extra)).toEqual({ code: WS_CLOSE_TOO_MANY_CONNECTIONS, reason: 'too_many_connections' });
    // Another customer is not affected.
    const other = await connect(bob.headers);
    expect((await other.messages.next()).type).toBe('ready');
    other.socket.terminate();

    const leaving = closed(held[0]!.socket);
    held[0]!.socket.close();
    await leaving;
    const again = await openOne();
    expect((await again.messages.next()).type).toBe('ready');
    for (const { socket } of [...held, again]) socket.terminate();
  });

  it('closes a socket that sends more messages than its budget with 1008 too_many_messages', async () => {
    const socket = new WebSocket(baseUrl, ['bearer', alice.token]);
    const messages = inbox(socket);
    expect((await messages.next()).type).toBe('ready');
    const closing = closed(socket);
    for (let index = 0; index <= MESSAGE_BURST; index += 1) socket.send('{"op":"ping"}');
    expect(await closing).toEqual({ code: 1008, reason: 'too_many_messages' });
    expect(messages.pending()).toBe(MESSAGE_BURST);
  });

  it('refills the message budget at 10 a second', () => {
    let now = 0;
    const budget = messageBudget(() => now);
    for (let index = 0; index < MESSAGE_BURST; index += 1) expect(budget()).toBe(true);
    expect(budget()).toBe(false);
    now += 100;
    expect([budget(), budget()]).toEqual([true, false]);
    now += 60_000;
    for (let index = 0; index < MESSAGE_BURST; index += 1) expect(budget()).toBe(true);
    expect(budget()).toBe(false);
  });

  it('answers a plain HTTP request with 426 and the error body', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/ws', headers: alice.headers });
    expect(response.statusCode).toBe(426);
    expect(response.json().error.code).toBe('websocket_upgrade_required');
  });
});
