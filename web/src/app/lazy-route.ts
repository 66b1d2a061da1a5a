import type { RouteObject } from 'react-router';

/** A lazy chunk of route code: a module of pages, loaders and error boundaries. */
type RouteChunk<Code> = () => Promise<Code>;

/** What a route takes from its chunk. */
export type RouteParts = Pick<RouteObject, 'Component' | 'loader' | 'ErrorBoundary'>;

/**
 * The one way a route loads its code: `parts` picks its page, loader and error
 * boundary out of one lazy chunk, fetched the first time the route matches. The
 * route tables are in every page's first download (/menu's budget,
 * docs/PRODUCT.md#budgets), so a route picks exports and nothing more; the
 * picking is type-checked against the chunk's exports.
 */
export function lazyRoute<Code>(chunk: RouteChunk<Code>, parts: (code: Code) => RouteParts): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => parts(await chunk()) };
}
