import { describe, expect, it } from 'vitest';
import { clampPage, pageCount } from './paging.ts';

describe('pages of a list', () => {
  it.each([
    [0, 20, 1],
    [1, 20, 1],
    [20, 20, 1],
    [21, 20, 2],
    [45, 20, 3],
  ])('%i items by %i make %i page(s)', (total, limit, pages) => {
    expect(pageCount(total, limit)).toBe(pages);
  });

  it.each([
    { page: 2, total: 21, expected: 2, why: 'the page still exists' },
    { page: 2, total: 20, expected: 1, why: 'the only order on page 2 was cancelled' },
    { page: 3, total: 0, expected: 1, why: 'the list is empty' },
    { page: 0, total: 50, expected: 1, why: 'there is no page 0' },
  ])('page $page of $total items shows page $expected ($why)', ({ page, total, expected }) => {
    expect(clampPage(page, total, 20)).toBe(expected);
  });
});
