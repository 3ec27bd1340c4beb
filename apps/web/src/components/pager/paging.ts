// Pages of a list the API answers a page at a time (GET /order, the loan views, the stakes: page,
// limit, total): how many there are, and which one to show when the list shrank under the current
// one (its last order cancelled, its last loan repaid).

export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

/** The page to show: the one asked for, within 1 and the last page there now is. */
export function clampPage(page: number, total: number, limit: number): number {
  return Math.min(Math.max(1, page), pageCount(total, limit));
}
