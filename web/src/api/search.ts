import type { QuerySearch, QuerySearchPage, QuerySearchResource, QueryUsers, ResourceSearchPage, SearchPage, SearchResults, UserPage } from '@kit/contract';
import { api } from './api.ts';

/* Search calls of docs/API-library.md "Search", and the users search of docs/API-accounts.md. */

/** GET /api/v3/searchResource: resources, filtered, ordered and paged (section featured: Más vistos). */
export function searchResources(query: QuerySearchResource, signal?: AbortSignal): Promise<ResourceSearchPage> {
  return api.get<ResourceSearchPage>('/v3/searchResource', { ...query }, signal);
}

/** GET /api/v3/searchPage: the first view of /search, resources plus a few matching users. */
export function getSearchPage(query: QuerySearchPage, signal?: AbortSignal): Promise<SearchPage> {
  return api.get<SearchPage>('/v3/searchPage', { ...query }, signal);
}

/** GET /api/v3/searchPageResource: more resource results of /search. */
export function getSearchPageResources(query: QuerySearchPage, signal?: AbortSignal): Promise<ResourceSearchPage> {
  return api.get<ResourceSearchPage>('/v3/searchPageResource', { ...query }, signal);
}

/** GET /api/v2/search/users: users whose names match, paged. */
export function searchUsers(query: Partial<QueryUsers>, signal?: AbortSignal): Promise<UserPage> {
  return api.get<UserPage>('/v2/search/users', { ...query }, signal);
}

/** GET /api/v2/search: resources and the offline libraries' articles, ranked together. */
export function searchAll(query: QuerySearch, signal?: AbortSignal): Promise<SearchResults> {
  return api.get<SearchResults>('/v2/search', { ...query }, signal);
}
