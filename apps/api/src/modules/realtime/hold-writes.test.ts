// A socket's frames of one iteration of the event loop leave in one write: corked at the first
// frame, uncorked once the iteration's timers and I/O callbacks have run, corked afresh in the next.
import { describe, expect, it } from 'vitest';
import { holdWrites } from './realtime-hub.ts';

function recordingTransport() {
  const calls: string[] = [];
  return { calls, transport: { cork: () => void calls.push('cork'), uncork: () => void calls.push('uncork') } };
}

describe('holdWrites', () => {
  it('corks once per turn however many frames, and uncorks after the turn', async () => {
    const { calls, transport } = recordingTransport();
    const hold = holdWrites(transport)!;
    hold();
    hold();
    hold();
    expect(calls).toEqual(['cork']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual(['cork', 'uncork']);
    hold();
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual(['cork', 'uncork', 'cork', 'uncork']);
  });

  it('holds frames sent from promise callbacks of the same turn until they have all run', async () => {
    const { calls, transport } = recordingTransport();
    const hold = holdWrites(transport)!;
    hold();
    await Promise.resolve();
    hold();
    await Promise.resolve();
    expect(calls).toEqual(['cork']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual(['cork', 'uncork']);
  });

  it('holds the frames of timers due in the same iteration together', async () => {
    const { calls, transport } = recordingTransport();
    const hold = holdWrites(transport)!;
    const seen: string[][] = [];
    await new Promise<void>((resolve) => {
      setTimeout(() => hold(), 5);
      setTimeout(() => {
        hold();
        seen.push([...calls]);
        setImmediate(resolve);
      }, 5);
      // Node reads the clock for each timer, so on a busy machine the second may fall due a
      // millisecond after the first, in a later iteration. Both are due before the loop next looks.
      const until = performance.now() + 15;
      while (performance.now() < until);
    });
    expect(seen).toEqual([['cork']]);
    expect(calls).toEqual(['cork', 'uncork']);
  });

  it('holds nothing without a transport', () => {
    expect(holdWrites(undefined)).toBeUndefined();
  });
});
