// Issue 19 defect 11: a notifications fetch the app cancels (every page change) logs nothing; a
// real failure is still logged (spec §8: logged, no pop-up).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchNotifications } from './notifications-api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('fetchNotifications', () => {
  it('logs nothing when the app aborted the fetch', async () => {
    vi.stubGlobal('fetch', (_url: string, init?: RequestInit) =>
      Promise.reject(init?.signal?.reason ?? new DOMException('aborted', 'AbortError')),
    );
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const controller = new AbortController();
    controller.abort();
    await expect(fetchNotifications(controller.signal)).rejects.toBeDefined();
    expect(log).not.toHaveBeenCalled();
  });

  it('logs a fetch that failed on its own', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(fetchNotifications(new AbortController().signal)).rejects.toBeDefined();
    expect(log).toHaveBeenCalledWith('Fetching notifications failed', expect.anything());
  });
});
