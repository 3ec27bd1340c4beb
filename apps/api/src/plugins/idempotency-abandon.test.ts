// The abandoner's memory of claims it could not abandon while the database was away: kept until a
// write succeeds, never lost to a write that fails, and a claim remembered during a write goes with
// the next one. The database behaviour (the key resolved by its retry) is in idempotency-outage.test.ts.
import { describe, expect, it } from 'vitest';
import { ABANDONED_MEMORY_MS, createAbandoner } from './idempotency-abandon.ts';
import type { IdempotencyRequest, IdempotencyStore } from './idempotency-store.ts';

/**
 * A store whose abandon writes fail while `down` is set, and record what they wrote otherwise: the
 * ids of each write, and apart the claims written again as requests (their INSERT got no answer).
 */
function storeWithOutage() {
  const state = {
    down: true,
    written: [] as string[][],
    asRequests: [] as string[],
    pause: null as Promise<void> | null,
  };
  const store = {
    async abandon(ids: string[], unacknowledged: IdempotencyRequest[] = []) {
      if (state.pause) await state.pause;
      if (state.down) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      state.written.push([...ids, ...unacknowledged.map((request) => request.id)]);
      state.asRequests.push(...unacknowledged.map((request) => request.id));
    },
  } as unknown as IdempotencyStore;
  return { state, store };
}

/** The claim `id` whose INSERT got no answer. */
const unanswered = (id: string) => ({ id, key: `key-${id}` }) as IdempotencyRequest;

describe('abandoning keys while the database is away', () => {
  it('remembers a claim whose abandon failed, and abandons it once the database answers', async () => {
    const { state, store } = storeWithOutage();
    const logged: unknown[] = [];
    const abandoner = createAbandoner(store, (error) => logged.push(error));
    await abandoner.abandon('a');
    expect(logged).toHaveLength(1);
    expect(abandoner.waiting('a')).toBe(true);
    await expect(abandoner.flush()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(abandoner.waiting('a')).toBe(true);
    state.down = false;
    await abandoner.flush();
    expect(abandoner.waiting('a')).toBe(false);
    expect(state.written).toEqual([['a']]);
    await abandoner.flush();
    expect(state.written).toEqual([['a']]);
  });

  it('abandons at once when the database answers, remembering nothing', async () => {
    const { state, store } = storeWithOutage();
    state.down = false;
    const abandoner = createAbandoner(store, () => undefined);
    await abandoner.abandon('b');
    expect(abandoner.waiting('b')).toBe(false);
    expect(state.written).toEqual([['b']]);
  });

  it('takes a claim remembered during a write along with the next write of the same flush', async () => {
    const { state, store } = storeWithOutage();
    const abandoner = createAbandoner(store, () => undefined);
    abandoner.remember(unanswered('c'));
    state.down = false;
    let open = () => undefined as void;
    state.pause = new Promise((resolve) => (open = resolve));
    const flushed = abandoner.flush();
    abandoner.remember(unanswered('d'));
    const second = abandoner.flush();
    state.pause = null;
    open();
    await Promise.all([flushed, second]);
    expect(state.written).toEqual([['c'], ['d']]);
    expect(abandoner.waiting('c') || abandoner.waiting('d')).toBe(false);
  });

  it('remembers what it abandoned for a while, so a row read just before is known as given up', async () => {
    const { state, store } = storeWithOutage();
    const clock = { ms: 0 };
    const abandoner = createAbandoner(
      store,
      () => undefined,
      () => clock.ms,
    );
    expect(abandoner.abandoned('e')).toBe(false);
    abandoner.remember(unanswered('e'));
    expect(abandoner.abandoned('e')).toBe(false);
    state.down = false;
    await abandoner.flush();
    expect([abandoner.waiting('e'), abandoner.abandoned('e')]).toEqual([false, true]);
    clock.ms = ABANDONED_MEMORY_MS - 1;
    await abandoner.abandon('f');
    expect(abandoner.abandoned('e')).toBe(true);
    // Abandoned again later, it is remembered from then on, not forgotten with its first time.
    await abandoner.abandon('e');
    clock.ms = ABANDONED_MEMORY_MS;
    expect([abandoner.abandoned('e'), abandoner.abandoned('f')]).toEqual([true, true]);
    clock.ms = 2 * ABANDONED_MEMORY_MS - 1;
    expect([abandoner.abandoned('e'), abandoner.abandoned('f')]).toEqual([false, false]);
    // Forgotten, not only past: nothing stays in memory once stale.
    expect(abandoner.remembered()).toBe(0);
  });

  it('settles one claim on its own, leaving the others to their flush', async () => {
    const { state, store } = storeWithOutage();
    const abandoner = createAbandoner(store, () => undefined);
    abandoner.remember(unanswered('g'));
    abandoner.remember(unanswered('h'));
    await expect(abandoner.settle('h')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(abandoner.waiting('h')).toBe(true);
    state.down = false;
    await abandoner.settle('h');
    await abandoner.settle('i');
    expect(state.written).toEqual([['h']]);
    expect([abandoner.waiting('g'), abandoner.waiting('h'), abandoner.abandoned('h')]).toEqual([true, false, true]);
  });

  it('abandons a claim whose INSERT got no answer as its request, one that committed by its id', async () => {
    const { state, store } = storeWithOutage();
    const abandoner = createAbandoner(store, () => undefined);
    await abandoner.abandon('j');
    abandoner.remember(unanswered('k'));
    state.down = false;
    await abandoner.flush();
    expect(state.written).toEqual([['j', 'k']]);
    expect(state.asRequests).toEqual(['k']);
  });
});
