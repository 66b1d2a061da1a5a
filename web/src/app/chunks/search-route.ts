/** Route module of search (one lazy chunk): /search, /search/res, /search/users. */
export { searchOverviewLoader, searchResourcesLoader, searchUsersLoader } from '../../features/search/search-loaders.ts';
export { SearchPage } from '../../pages/SearchPage.tsx';
export { SearchResourcesPage } from '../../pages/SearchResourcesPage.tsx';
export { SearchUsersPage } from '../../pages/SearchUsersPage.tsx';
