// The chart formats its labels with a tag Intl can parse, whatever the browser reports.
import { describe, expect, it } from 'vitest';
import { chartLocale } from './chart-drawing.ts';

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
