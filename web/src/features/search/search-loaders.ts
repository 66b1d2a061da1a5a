import type { ResourceSearchPage, SearchPage, UserPage } from '@kit/contract';
import type { LoaderFunctionArgs } from 'react-router';
import { getSearchPage, getSearchPageResources, searchUsers } from '../../api/search.ts';
import { readSearchState, type SearchState } from './search-state.ts';

/** Users per page on the users tab. */
const USERS_PER_PAGE = 20;

export interface SearchOverviewData {
  state: SearchState;
  /** null until there is something to search for */
  result: SearchPage | null;
}

/** /search?q= : the first resources and a few users. */
export async function searchOverviewLoader({ request }: LoaderFunctionArgs): Promise<SearchOverviewData> {
  const state = readSearchState(new URL(request.url).searchParams);
  if (state.query === '') return { state, result: null };
  const result = await getSearchPage({ q: state.query, type: state.type || undefined }, request.signal);
  return { state, result };
}

export interface SearchResourcesData {
  state: SearchState;
  result: ResourceSearchPage | null;
}

/** /search/res?q=&type=&page= : resource results, paged. */
export async function searchResourcesLoader({ request }: LoaderFunctionArgs): Promise<SearchResourcesData> {
  const state = readSearchState(new URL(request.url).searchParams);
  if (state.query === '') return { state, result: null };
  const result = await getSearchPageResources({ q: state.query, page: state.page, type: state.type || undefined }, request.signal);
  return { state, result };
}

export interface SearchUsersData {
  state: SearchState;
  result: UserPage | null;
}

/** /search/users?q=&page= : user results, paged. */
export async function searchUsersLoader({ request }: LoaderFunctionArgs): Promise<SearchUsersData> {
  const state = readSearchState(new URL(request.url).searchParams);
  if (state.query === '') return { state, result: null };
  const result = await searchUsers({ q: state.query, page: state.page, per_page: USERS_PER_PAGE }, request.signal);
  return { state, result };
}
