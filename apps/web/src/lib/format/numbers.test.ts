import { describe, expect, it } from 'vitest';
import { localiseNumber, numberMarks } from './numbers.ts';

describe('numbers in the reader marks', () => {
  it('knows each language’s decimal mark', () => {
    expect(numberMarks('en').decimal).toBe('.');
    expect(numberMarks('es-419').decimal).toBe('.');
    expect(numberMarks('fr').decimal).toBe(',');
    expect(numberMarks('pt-BR').decimal).toBe(',');
  });

  it.each([
    ['en', '1,234,567.891', '1,234,567.891'],
    ['fr', '1,234,567.891', '1\u202f234\u202f567,891'],
    ['pt-BR', '1,234.5', '1.234,5'],
    ['es-419', '1,234.5', '1,234.5'],
    ['fr', '-0.5', '-0,5'],
  ])('writes %s %j as %j', (tag, text, expected) => {
    expect(localiseNumber(text, tag)).toBe(expected);
  });
});
