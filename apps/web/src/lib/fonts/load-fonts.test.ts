// ADR 0052: Inter is asked for only once content is painted, so it never shares the slow link with
// what the first screen waits for; a browser without paint timing asks for it at the load event.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadFontsAfterFirstPaint } from './load-fonts.ts';

type Callback = (list: { getEntries: () => Array<{ name: string }> }) => void;

function fakePaintTiming() {
  const observers: Callback[] = [];
  class FakeObserver {
    static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    constructor(private readonly callback: Callback) {}
    observe() {
      observers.push(this.callback);
    }
    disconnect() {
      observers.splice(observers.indexOf(this.callback), 1);
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return (...names: string[]) => {
    for (const callback of [...observers]) callback({ getEntries: () => names.map((name) => ({ name })) });
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('loadFontsAfterFirstPaint', () => {
  it('asks for the font at the first contentful paint, not before and only once', () => {
    const paint = fakePaintTiming();
    const load = vi.fn(() => Promise.resolve());
    loadFontsAfterFirstPaint(load);
    paint('first-paint');
    expect(load).not.toHaveBeenCalled();
    paint('first-contentful-paint');
    paint('first-contentful-paint');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('waits for the load event where the browser has no paint timing', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const load = vi.fn(() => Promise.resolve());
    loadFontsAfterFirstPaint(load);
    expect(load).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
