import type { RouteObject } from 'react-router';

/** A lazy chunk of route code: a module whose named exports are pages, loaders and error boundaries. */
export type RouteChunk = () => Promise<Record<string, unknown>>;

type Part = 'Component' | 'loader' | 'ErrorBoundary';

/**
 * The one way a route loads its code: each part it names (page, loader, error
 * boundary) is a named export of one lazy chunk, fetched the first time the
 * route matches. The route tables are in every page's first download (/menu's
 * budget, docs/PRODUCT.md#budgets), so a route names exports and nothing more.
 */
export function lazyRoute(chunk: RouteChunk, parts: Partial<Record<Part, string>>): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const code = await chunk();
      return Object.fromEntries(Object.entries(parts).flatMap(([part, name]) => (name ? [[part, code[name]]] : [])));
    },
  };
}
