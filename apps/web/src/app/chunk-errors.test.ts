import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, isChunkLoadError, withChunkTimeout } from './chunk-errors.ts';

describe('isChunkLoadError', () => {
  it.each([
    [new TypeError('Failed to fetch dynamically imported module: https://rora/assets/swap-1a2b.js'), true],
    [new TypeError('error loading dynamically imported module: /assets/x.js'), true],
    [new TypeError('Importing a module script failed.'), true],
    [new Error('Unable to preload CSS for /assets/wallets.css'), true],
    [new ChunkLoadError('timed out'), true],
    [new TypeError("Cannot read properties of undefined (reading 'map')"), false],
    ['Failed to fetch dynamically imported module', false],
    [null, false],
  ])('classifies %s as %s', (error, expected) => {
    expect(isChunkLoadError(error)).toBe(expected);
  });
});

describe('withChunkTimeout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('passes a module through when it arrives in time', async () => {
    await expect(withChunkTimeout(Promise.resolve('module'), 1_000)).resolves.toBe('module');
  });

  it('fails with ChunkLoadError after 120 s without an answer', async () => {
    const pending = withChunkTimeout(new Promise(() => undefined));
    const assertion = expect(pending).rejects.toMatchObject({ name: 'ChunkLoadError' });
    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
  });

  it('turns a failed download into ChunkLoadError and leaves other errors alone', async () => {
    await expect(
      withChunkTimeout(Promise.reject(new TypeError('Failed to fetch dynamically imported module: /a.js'))),
    ).rejects.toBeInstanceOf(ChunkLoadError);
    const bug = new RangeError('bad');
    await expect(withChunkTimeout(Promise.reject(bug))).rejects.toBe(bug);
  });
});
