// One serialization per event for all its subscribers, never a stale one: the bytes are reused only
// within the synchronous fan-out of one publish.
import { describe, expect, it } from 'vitest';
import type { RealtimeEvent } from './event-bus.ts';
import { serializeEvent } from './realtime-hub.ts';

describe('serializeEvent', () => {
  it('reuses the text for the same event in one turn, and serializes a reused object afresh later', async () => {
    const event: RealtimeEvent = { channel: 'markets', type: 'depth', data: { sequence: 1 } };
    const spy = { calls: 0 };
    const original = JSON.stringify;
    JSON.stringify = ((...args: Parameters<typeof JSON.stringify>) => {
      spy.calls += 1;
      return original(...args);
    }) as typeof JSON.stringify;
    try {
      const bytes = serializeEvent(event);
      expect(bytes.toString()).toBe('{"channel":"markets","type":"depth","data":{"sequence":1}}');
      for (let subscriber = 0; subscriber < 99; subscriber += 1) expect(serializeEvent(event)).toBe(bytes);
      expect(spy.calls).toBe(1);
      await Promise.resolve();
      (event.data as { sequence: number }).sequence = 2;
      expect(serializeEvent(event).toString()).toBe('{"channel":"markets","type":"depth","data":{"sequence":2}}');
      expect(spy.calls).toBe(2);
    } finally {
      JSON.stringify = original;
    }
  });

  it('serializes a different event at once, in the same turn', () => {
    const first: RealtimeEvent = { channel: 'system', type: 'pong', data: null };
    const second: RealtimeEvent = { channel: 'system', type: 'ready', data: { userId: 'u' } };
    expect(serializeEvent(first).toString()).toContain('pong');
    expect(serializeEvent(second).toString()).toContain('ready');
    expect(serializeEvent(first).toString()).toContain('pong');
  });
});
