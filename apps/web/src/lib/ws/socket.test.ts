import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeEvent } from '@rora/contracts';
import { parseEvent } from './parse-event.ts';
import { createRealtimeSocket } from './socket.ts';
import { eventually } from '../../testing/eventually.ts';

class FakeSocket {
  static instances: FakeSocket[] = [];
  static readonly OPEN = 1;
  static readonly CLOSED = 3;
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.instances.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = FakeSocket.CLOSED;
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  drop(code = 1006) {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code });
  }
  receive(value: unknown) {
    this.onmessage?.({ data: JSON.stringify(value) });
  }
}

const ready = { channel: 'system', type: 'ready', data: { userId: '6f1c3a52-8a0e-4b8e-9d6a-3f0d2b1c4e5a' } };
const pong = { channel: 'system', type: 'pong', data: null };

function socketUnderTest(delayMs = () => 1_000) {
  return createRealtimeSocket({ token: 't1', url: 'ws://test/api/v1/ws', loadParser: async () => parseEvent, delayMs });
}

beforeEach(() => {
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the session socket', () => {
  it('sends the token as the bearer subprotocol', () => {
    socketUnderTest();
    expect(FakeSocket.instances).toHaveLength(1);
    expect(FakeSocket.instances[0]!.protocols).toEqual(['bearer', 't1']);
  });

  it('subscribes to a topic once for many holders and unsubscribes after the last release', () => {
    const socket = socketUnderTest();
    const raw = FakeSocket.instances[0]!;
    raw.open();
    const first = socket.subscribe('market:btc-usdt');
    const second = socket.subscribe('market:btc-usdt');
    expect(raw.sent).toEqual([{ op: 'subscribe', topic: 'market:btc-usdt' }]);
    first();
    first();
    expect(socket.holders('market:btc-usdt')).toBe(1);
    expect(raw.sent).toHaveLength(1);
    second();
    expect(raw.sent).toEqual([
      { op: 'subscribe', topic: 'market:btc-usdt' },
      { op: 'unsubscribe', topic: 'market:btc-usdt' },
    ]);
  });

  it('reconnects with backoff, subscribes again to what is held and says it reconnected', () => {
    const socket = socketUnderTest();
    const opens: boolean[] = [];
    socket.onOpen((reconnected) => opens.push(reconnected));
    socket.subscribe('market:eth-usdt');
    FakeSocket.instances[0]!.open();
    FakeSocket.instances[0]!.drop();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.instances[1]!.open();
    expect(FakeSocket.instances[1]!.sent).toEqual([{ op: 'subscribe', topic: 'market:eth-usdt' }]);
    expect(opens).toEqual([false, true]);
  });

  it('does not reconnect after the server refused the token, nor after close', () => {
    const refused = socketUnderTest();
    FakeSocket.instances[0]!.drop(4401);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    refused.close();
    const closed = socketUnderTest();
    closed.close();
    FakeSocket.instances[1]!.drop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('delivers parsed events in arrival order, dropping what is not in the contract', async () => {
    const socket = socketUnderTest();
    const events: RealtimeEvent[] = [];
    socket.listen((event) => events.push(event));
    const raw = FakeSocket.instances[0]!;
    raw.open();
    raw.receive(ready);
    raw.receive({ channel: 'notifications', type: 'created', data: { id: 3 } });
    raw.receive({ channel: 'unknown', type: 'x', data: null });
    raw.receive(pong);
    await eventually(() => expect(events).toHaveLength(2));
    expect(events).toEqual([ready, pong]);
    raw.receive(ready);
    expect(events).toHaveLength(3);
  });
});
