import { describe, expect, it } from 'vitest';
import { requestLanguage } from './route-helpers.ts';

describe('requestLanguage', () => {
  it.each([
    ['fr', 'fr'],
    ['fr-CA', 'fr'],
    ['es-419', 'la_es'],
    ['es-MX,es;q=0.9', 'la_es'],
    ['pt-BR', 'pt_br'],
    ['pt', 'pt_br'],
    ['EN-gb', 'en'],
    ['la_es', 'la_es'],
    ['pt_br', 'pt_br'],
    // The highest weight wins, whatever the order; q=0 means "not this one".
    ['de-DE,de;q=0.9,fr;q=0.5,en;q=0.8', 'en'],
    ['en;q=0.2, pt-BR', 'pt_br'],
    ['fr;q=0, es', 'la_es'],
    // Equal weights keep the header's order.
    ['es, fr', 'la_es'],
  ])('reads %j as %s', (header, language) => {
    expect(requestLanguage(header)).toBe(language);
  });

  it.each([[undefined], [''], ['de-DE,de;q=0.9'], ['*'], ['la'], ['fr;q=0'], [';;;,,,']])(
    'finds none of ours in %j',
    (header) => {
      expect(requestLanguage(header)).toBeUndefined();
    },
  );
});
