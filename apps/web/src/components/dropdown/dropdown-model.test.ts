import { describe, expect, it } from 'vitest';
import { filterOptions, moveHighlight, shouldShowSearch, truncateLabel } from './dropdown-model.ts';

describe('shouldShowSearch', () => {
  it.each([
    [0, false],
    [5, false],
    [6, true],
    [250, true],
  ])('with %d options shows a search box: %s', (count, expected) => {
    expect(shouldShowSearch(count)).toBe(expected);
  });
});

describe('truncateLabel', () => {
  it.each([
    ['BTC/USDT', 'BTC/USDT'],
    ['Exactly12chr', 'Exactly12chr'],
    ['Thirteen char', 'Thirteen cha…'],
    ['Português (Brasil)', 'Português (B…'],
    ['', ''],
  ])('shows %j as %j', (label, expected) => {
    expect(truncateLabel(label)).toBe(expected);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(truncateLabel('🇫🇷🇫🇷🇫🇷🇫🇷🇫🇷🇫🇷🇫🇷', 12)).toBe('🇫🇷🇫🇷🇫🇷🇫🇷🇫🇷🇫🇷…');
  });
});

describe('filterOptions', () => {
  const options = [
    { value: 'GB', label: 'United Kingdom', keywords: ['+44', 'GB'] },
    { value: 'US', label: 'United States', keywords: ['+1', 'US'] },
    { value: 'CI', label: "Côte d'Ivoire", keywords: ['+225', 'CI'] },
    { value: 'DE', label: 'Germany', keywords: ['+49', 'DE'] },
  ];

  it('returns everything for an empty query', () => {
    expect(filterOptions(options, '  ')).toHaveLength(4);
  });

  it('matches labels ignoring case and accents', () => {
    expect(filterOptions(options, 'cote').map((o) => o.value)).toEqual(['CI']);
    expect(filterOptions(options, 'UNITED').map((o) => o.value)).toEqual(['GB', 'US']);
  });

  it('matches keywords such as a dial code', () => {
    expect(filterOptions(options, '+44').map((o) => o.value)).toEqual(['GB']);
  });

  it('puts options starting with the query before those merely containing it', () => {
    expect(filterOptions(options, 'states').map((o) => o.value)).toEqual(['US']);
    expect(filterOptions(options, 'd').map((o) => o.value)).toEqual(['DE', 'GB', 'US', 'CI']);
  });
});

describe('moveHighlight', () => {
  it.each([
    [-1, 1, 3, 0],
    [-1, -1, 3, 2],
    [0, 1, 3, 1],
    [2, 1, 3, 0],
    [0, -1, 3, 2],
    [1, -1, 3, 0],
    [0, 1, 0, -1],
  ])('from %d by %d among %d goes to %d', (index, delta, count, expected) => {
    expect(moveHighlight(index, delta, count)).toBe(expected);
  });
});
