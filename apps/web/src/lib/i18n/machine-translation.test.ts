// Machine translation's pure parts: what is kept out of the translator (placeholders, numbers,
// names), what comes back, the per-language cache keyed by the English text, and English for every
// text the translator fails or mangles.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  offeredMachineLanguages,
  protect,
  restore,
  translateBundle,
  type TranslatorApi,
  type TranslatorInstance,
} from './machine-translation.ts';

/** Upper-cases the words it is given and keeps the markers, like a translator that keeps them. */
function shouting(): TranslatorInstance & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    translate: (text) => {
      calls.push(text);
      return Promise.resolve(text.replace(/\p{Ll}+/gu, (word) => word.toUpperCase()));
    },
  };
}

beforeEach(() => window.localStorage.clear());

describe('what the translator never sees', () => {
  it('masks placeholders, numbers and names, and puts them back', () => {
    const { masked, kept } = protect('Send {{amount}} BTC to Rora before 12:30, or 2FA and USDT/ERC-20 fees of 0.5%');
    expect(masked).toBe('Send ⟦0⟧ ⟦1⟧ to ⟦2⟧ before ⟦3⟧, or ⟦4⟧ and ⟦5⟧ fees of ⟦6⟧');
    expect(kept).toEqual(['{{amount}}', 'BTC', 'Rora', '12:30', '2FA', 'USDT/ERC-20', '0.5%']);
    expect(restore('⟦1⟧ ⟦0⟧ senden', ['{{amount}}', 'BTC'])).toBe('BTC {{amount}} senden');
  });

  it('refuses a translation that lost, repeated or invented a marker', () => {
    expect(restore('senden', ['{{amount}}'])).toBeNull();
    expect(restore('⟦0⟧ ⟦0⟧', ['{{amount}}'])).toBeNull();
    expect(restore('⟦0⟧ ⟦1⟧', ['{{amount}}'])).toBeNull();
  });
});

describe('a namespace in another language', () => {
  const bundle = { title: 'Wallets', nested: { send: 'Send {{amount}} now', code: 'BTC' } };

  it('translates every text, keeps the keys, and uses the cache the next time', async () => {
    const translator = shouting();
    expect(await translateBundle(bundle, 'wallets', 'de', translator)).toEqual({
      title: 'WALLETS',
      nested: { send: 'SEND {{amount}} NOW', code: 'BTC' },
    });
    expect(translator.calls).toEqual(['Wallets', 'Send ⟦0⟧ now']);
    const again = shouting();
    expect(await translateBundle(bundle, 'wallets', 'de', again)).toMatchObject({ title: 'WALLETS' });
    expect(again.calls).toEqual([]);
    // The cache is per language: Italian is translated anew.
    const italian = shouting();
    await translateBundle(bundle, 'wallets', 'it', italian);
    expect(italian.calls).toHaveLength(2);
  });

  it('translates only an edited English text again', async () => {
    await translateBundle(bundle, 'wallets', 'de', shouting());
    const translator = shouting();
    const edited = { ...bundle, title: 'Your wallets' };
    expect(await translateBundle(edited, 'wallets', 'de', translator)).toMatchObject({ title: 'YOUR WALLETS' });
    expect(translator.calls).toEqual(['Your wallets']);
  });

  it('keeps English where the translator fails or drops a marker, and tries those again later', async () => {
    const failing: TranslatorInstance = {
      translate: (text) =>
        text.startsWith('Send') ? Promise.resolve('Jetzt senden') : Promise.reject(new Error('model crashed')),
    };
    expect(await translateBundle(bundle, 'wallets', 'de', failing)).toEqual(bundle);
    const translator = shouting();
    await translateBundle(bundle, 'wallets', 'de', translator);
    expect(translator.calls).toEqual(['Wallets', 'Send ⟦0⟧ now']);
  });

  it('keeps English for a text the translator never answers', async () => {
    vi.useFakeTimers();
    try {
      const silent: TranslatorInstance = { translate: () => new Promise<string>(() => undefined) };
      const pending = translateBundle({ title: 'Wallets' }, 'wallets', 'de', silent);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(await pending).toEqual({ title: 'Wallets' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('is English without a translator', async () => {
    expect(await translateBundle(bundle, 'wallets', 'de', null)).toEqual(bundle);
  });
});

describe('the languages offered', () => {
  it('are those the browser can translate English into, now or after a download', async () => {
    const availability = vi.fn(({ targetLanguage }: { targetLanguage: string }) =>
      Promise.resolve(
        ({ de: 'available', ja: 'downloadable', it: 'downloading' } as const)[targetLanguage as 'de'] ??
          ('unavailable' as const),
      ),
    );
    const api = { availability, create: vi.fn() } as unknown as TranslatorApi;
    expect(await offeredMachineLanguages(api)).toEqual(['de', 'it', 'ja']);
    expect(availability).toHaveBeenCalledWith({ sourceLanguage: 'en', targetLanguage: 'de' });
    expect(await offeredMachineLanguages(null)).toEqual([]);
  });
});
