// Route metadata: the i18n key of the document title (spec §2 route titles), and whether the screen
// uses the full width of the window (the exchange: chart, book, trades and form side by side).
export interface RouteHandle {
  readonly title: string;
  readonly wide?: boolean;
}

export function titleOf(handle: unknown): string | undefined {
  if (typeof handle !== 'object' || handle === null) return undefined;
  const title = (handle as Partial<RouteHandle>).title;
  return typeof title === 'string' ? title : undefined;
}

export function isWide(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && (handle as Partial<RouteHandle>).wide === true;
}
