// The chart formats its labels with a tag Intl can parse, whatever the browser reports, and its time
// axis as the library's default does (UTC wall time) from formatters made once.
import { describe, expect, it } from 'vitest';
import { chartLocale, hexOf, tickMarkLabel } from './chart-drawing.ts';

describe('chartLocale', () => {
  it.each([
    [['fr', 'en-US'], 'fr'],
    [['es-419'], 'es-419'],
    [['pt-BR'], 'pt-BR'],
    [['la_es', 'pt_br', 'de-DE'], 'de-DE'],
    [['en_US.UTF-8', '', undefined], 'en-US'],
    [['x-'], 'en-US'],
    [[], 'en-US'],
  ])('reads %j as %s', (candidates, expected) => {
    expect(chartLocale(candidates)).toBe(expected);
  });
});

describe('tickMarkLabel', () => {
  // 2026-03-07 14:05:09 UTC
  const time = Date.UTC(2026, 2, 7, 14, 5, 9) / 1000;

  it.each([
    [0, 'en-US', '2026'],
    [1, 'en-US', 'Mar'],
    [1, 'fr', 'mars'],
    [2, 'en-US', '7'],
    [3, 'en-US', '14:05'],
    [3, 'pt-BR', '14:05'],
    [4, 'fr', '14:05:09'],
  ])('labels kind %i in %s as %s, in UTC', (kind, locale, expected) => {
    expect(tickMarkLabel(time, kind, locale)).toBe(expected);
  });

  it('writes a 24-hour clock at midnight (00, never 24)', () => {
    expect(tickMarkLabel(Date.UTC(2026, 2, 7) / 1000, 3, 'en-US')).toBe('00:00');
  });
});

describe('hexOf', () => {
  it('writes an opaque computed colour as hex, so an alpha can follow it', () => {
    expect(hexOf('rgb(15, 107, 63)')).toBe('#0f6b3f');
    expect(hexOf('rgb(0, 0, 0)')).toBe('#000000');
  });

  it('reads nothing else', () => {
    expect(hexOf('rgba(15, 107, 63, 0.5)')).toBeNull();
    expect(hexOf('var(--success)')).toBeNull();
    expect(hexOf('')).toBeNull();
  });
});
