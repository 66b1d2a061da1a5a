/*
 * The library's lazy chunks, in one place: the router loads them and links
 * prefetch them (prefetch.ts). Few chunks on purpose: each one costs a few
 * bytes in the entry that /menu downloads too. Importing this file costs
 * nothing more: it only names the chunks.
 */
export const routeChunks = {
  root: () => import('./routes/root-route.ts'),
  browse: () => import('./routes/browse-route.ts'),
  resource: () => import('./routes/resource-route.ts'),
  search: () => import('./routes/search-route.ts'),
} as const;
