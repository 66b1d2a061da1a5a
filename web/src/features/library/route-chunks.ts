/*
 * The library's lazy chunks, in one place: the router loads them and links
 * prefetch them (prefetch.ts). Few chunks on purpose: each one costs a few
 * bytes in the entry that /menu downloads too. Importing this file costs
 * nothing more: it only names the chunks.
 */
export const routeChunks = {
  root: () => import('../../app/chunks/root-route.ts'),
  browse: () => import('../../app/chunks/browse-route.ts'),
  resource: () => import('../../app/chunks/resource-route.ts'),
  search: () => import('../../app/chunks/search-route.ts'),
} as const;
