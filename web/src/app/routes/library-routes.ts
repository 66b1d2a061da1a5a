import type { RouteObject } from 'react-router';
import type { RouteAccessHandle } from '../../features/auth/guards.ts';
import { routeChunks } from '../../features/library/route-chunks.ts';

/**
 * The library's routes (docs/PRODUCT.md#layouts): one layout (header, category tree, shortcut
 * strip) around the pages. Everything is lazy: none of it is in /menu's download.
 * /{product} is a dynamic segment; its loader answers 404 for any other word,
 * so unknown one-segment paths still show the 404 page. /resource and
 * /user/resources (optional ids left out, docs/ROUTES.md) only forward, so they sit
 * outside the layout.
 */
type Chunk = () => Promise<Record<string, unknown>>;

/** A route whose loader and page are named exports of one lazy chunk. */
function lazyPage(chunk: Chunk, loader: string, page: string): Pick<RouteObject, 'lazy'> {
  return {
    lazy: {
      loader: async () => (await chunk())[loader] as RouteObject['loader'],
      Component: async () => (await chunk())[page] as RouteObject['Component'],
    },
  };
}

export function libraryRoutes(): RouteObject[] {
  const { root, browse, resource, search } = routeChunks;
  const forward = (loader: 'resourceIndexLoader' | 'ownResourcesLoader'): RouteObject['lazy'] => ({ loader: async () => (await browse())[loader] });
  return [
    { path: 'resource', lazy: forward('resourceIndexLoader') },
    { path: 'user/resources', handle: { access: 'user' } satisfies RouteAccessHandle, lazy: forward('ownResourcesLoader') },
    {
      id: 'library',
      ...lazyPage(root, 'libraryLayoutLoader', 'LibraryRoot'),
      children: [
        {
          lazy: { ErrorBoundary: async () => (await root()).LibraryRouteError },
          children: [
            { path: ':product', ...lazyPage(browse, 'libraryHomeLoader', 'LibraryPage') },
            { path: 'featured', ...lazyPage(browse, 'featuredLoader', 'FeaturedPage') },
            { path: 'user/:id/resources', ...lazyPage(browse, 'userResourcesLoader', 'UserResourcesPage') },
            { path: 'resource/random', ...lazyPage(resource, 'randomResourceLoader', 'RandomResourcePage') },
            {
              path: 'resource/:id',
              lazy: {
                // A small chunk of its own: the kit's answer and the cover download with the page's code, not after it.
                loader: async () => (await import('../../features/resources/resource-early.ts')).resourceRouteLoader,
                Component: async () => (await resource()).ResourcePage,
              },
            },
            { path: 'list/:id', ...lazyPage(resource, 'listLoader', 'ListPage') },
            // "Mis descargas": what the phone saved for offline viewing (docs/PRODUCT.md#secure-context)
            { path: 'extra/saved', lazy: { Component: async () => (await resource()).SavedPage as RouteObject['Component'] } },
            {
              path: 'search',
              children: [
                { index: true, ...lazyPage(search, 'searchOverviewLoader', 'SearchPage') },
                { path: 'res', ...lazyPage(search, 'searchResourcesLoader', 'SearchResourcesPage') },
                { path: 'users', ...lazyPage(search, 'searchUsersLoader', 'SearchUsersPage') },
              ],
            },
          ],
        },
      ],
    },
  ];
}
