import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import type { RouteAccessHandle } from '../../session/guards.ts';
import { registerRouteChunk } from '../../ui/route-chunks.ts';
import { lazyRoute } from '../lazy-route.ts';

/**
 * The library's routes (docs/PRODUCT.md#layouts): one layout (header, category tree, shortcut
 * strip) around the pages. Everything is lazy: none of it is in /menu's download.
 * /{product} is a dynamic segment; its loader answers 404 for any other word,
 * so unknown one-segment paths still show the 404 page. /resource and
 * /user/resources (optional ids left out, docs/ROUTES.md) only forward, so they sit
 * outside the layout. Few chunks on purpose: each one costs a few bytes in the
 * entry that /menu downloads too.
 */
const root = () => import('../chunks/root-route.ts');
const browse = () => import('../chunks/browse-route.ts');
const resource = () => import('../chunks/resource-route.ts');
const search = () => import('../chunks/search-route.ts');

// What links prefetch (ui/prefetch.ts), by the address they point to; the first pattern that matches wins.
registerRouteChunk('/featured', browse);
registerRouteChunk('/resource/:id', resource);
registerRouteChunk('/:product', browse);

/** A page and its loader, both named exports of one chunk. */

/**
 * /resource/{id}'s loader is a small chunk of its own, outside the route's
 * lazy part, so the kit's answer and the cover download beside the page's
 * code, not after it (features/resources/resource-early.ts).
 */
async function resourceRouteLoader(args: LoaderFunctionArgs) {
  return (await import('../../features/resources/resource-early.ts')).resourceRouteLoader(args);
}

export function libraryRoutes(): RouteObject[] {
  return [
    { path: 'resource', ...lazyRoute(browse, (m) => ({ loader: m.resourceIndexLoader })) },
    // An offline library's reader fills the screen: outside the library's layout (docs/ROUTES.md). In the resource
    // chunk, which the reader is opened from, rather than a chunk of its own.
    { path: 'resource/:id/read/*', ...lazyRoute(resource, (m) => ({ loader: m.readerLoader, Component: m.ReaderPage })) },
    { path: 'resource/:id/read-outside', ...lazyRoute(resource, (m) => ({ Component: m.OutsideLinkPage })) },
    { path: 'user/resources', handle: { access: 'user' } satisfies RouteAccessHandle, ...lazyRoute(browse, (m) => ({ loader: m.ownResourcesLoader })) },
    {
      id: 'library',
      ...lazyRoute(root, (m) => ({ loader: m.libraryLayoutLoader, Component: m.LibraryRoot })),
      children: [
        {
          ...lazyRoute(root, (m) => ({ ErrorBoundary: m.LibraryRouteError })),
          children: [
            { path: ':product', ...lazyRoute(browse, (m) => ({ loader: m.libraryHomeLoader, Component: m.LibraryPage })) },
            { path: 'featured', ...lazyRoute(browse, (m) => ({ loader: m.featuredLoader, Component: m.FeaturedPage })) },
            { path: 'user/:id/resources', ...lazyRoute(browse, (m) => ({ loader: m.userResourcesLoader, Component: m.UserResourcesPage })) },
            { path: 'resource/random', ...lazyRoute(resource, (m) => ({ loader: m.randomResourceLoader, Component: m.RandomResourcePage })) },
            { path: 'resource/:id', loader: resourceRouteLoader, ...lazyRoute(resource, (m) => ({ Component: m.ResourcePage })) },
            { path: 'list/:id', ...lazyRoute(resource, (m) => ({ loader: m.listLoader, Component: m.ListPage })) },
            // "Mis descargas": what the phone saved for offline viewing (docs/PRODUCT.md#offline). A chunk of its own:
            // it reads the phone's store (Dexie), which the resource page no longer waits for.
            { path: 'extra/saved', ...lazyRoute(() => import('../../pages/SavedPage.tsx'), (m) => ({ Component: m.SavedPage })) },
            {
              path: 'search',
              children: [
                { index: true, ...lazyRoute(search, (m) => ({ loader: m.searchOverviewLoader, Component: m.SearchPage })) },
                { path: 'res', ...lazyRoute(search, (m) => ({ loader: m.searchResourcesLoader, Component: m.SearchResourcesPage })) },
                { path: 'users', ...lazyRoute(search, (m) => ({ loader: m.searchUsersLoader, Component: m.SearchUsersPage })) },
              ],
            },
          ],
        },
      ],
    },
  ];
}
