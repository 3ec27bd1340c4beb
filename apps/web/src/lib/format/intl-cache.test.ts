import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl-cache.ts';

describe('Intl formatters made once', () => {
  it('gives the same formatter for the same language and options', () => {
    expect(numberFormat('fr', { maximumFractionDigits: 2 })).toBe(numberFormat('fr', { maximumFractionDigits: 2 }));
    expect(dateTimeFormat('pt-BR', { timeStyle: 'short' })).toBe(dateTimeFormat('pt-BR', { timeStyle: 'short' }));
  });

  it('keeps languages and options apart', () => {
    expect(numberFormat('fr').format(1234.5)).toBe(new Intl.NumberFormat('fr').format(1234.5));
    expect(numberFormat('en-US').format(1234.5)).toBe('1,234.5');
    expect(numberFormat('en-US', { minimumFractionDigits: 2 }).format(1)).toBe('1.00');
    expect(numberFormat('en-US', { minimumFractionDigits: 3 }).format(1)).toBe('1.000');
    expect(dateTimeFormat('en-US', { year: 'numeric', timeZone: 'UTC' }).format(0)).toBe('1970');
  });
});
