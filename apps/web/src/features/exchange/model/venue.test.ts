import { describe, expect, it } from 'vitest';
import { venueNote } from './venue.ts';

describe('what the chosen platform means for the order', () => {
  it.each([
    ['market', 'rora', null],
    ['limit', 'rora', null],
    ['dark', 'rora', null],
    ['market', 'kraken', 'venueNoteMarket'],
    ['limit', 'bitstamp', 'venueNoteLimit'],
    ['dark', 'binance', 'venueNoteDark'],
  ] as const)('%s on %s: %s', (tab, venue, key) => {
    expect(venueNote(tab, venue)).toBe(key);
  });
});
