// Route metadata: the i18n key of the document title (spec §2 route titles).
export interface RouteHandle {
  readonly title: string;
}

export function titleOf(handle: unknown): string | undefined {
  if (typeof handle !== 'object' || handle === null) return undefined;
  const title = (handle as Partial<RouteHandle>).title;
  return typeof title === 'string' ? title : undefined;
}
