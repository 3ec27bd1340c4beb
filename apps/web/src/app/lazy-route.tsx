// A route's code and its translations load together, so a screen never renders untranslated keys.
// A download that fails (or has not finished after 120 s) becomes a screen offering a retry: React
// Router renders nothing below a route whose `lazy` rejected, so the failure is turned into the
// route's component instead of being thrown.
import type { ComponentType } from 'react';
import { loadNamespaces } from '../lib/i18n/i18n.ts';
import { withChunkTimeout } from './chunk-errors.ts';
import { RouteFailure } from './RouteError.tsx';

export interface RouteModule {
  Component: ComponentType;
}

export function lazyRoute(load: () => Promise<RouteModule>, namespaces: readonly string[] = []) {
  return async (): Promise<RouteModule> => {
    try {
      const [module] = await withChunkTimeout(Promise.all([load(), loadNamespaces(namespaces)]));
      return { Component: module.Component };
    } catch (error) {
      return { Component: () => <RouteFailure error={error} /> };
    }
  };
}
