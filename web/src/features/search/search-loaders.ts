import type { ResourceSearchPage, SearchPage, SearchResults, UserPage } from '@kit/contract';
import type { LoaderFunctionArgs } from 'react-router';
import { getSearchPage, getSearchPageResources, searchAll, searchUsers } from '../../api/search.ts';
import { inBackground, rememberPage, searchCatalogue } from '../../offline/catalogue.ts';
import { isNetworkError } from '../../offline/page-copy.ts';
import { typeQuery } from '../library/resource-types.ts';
import { readSearchState, type SearchState } from '../library/search-state.ts';

/** Users per page on the users tab. */
const USERS_PER_PAGE = 20;

export interface SearchOverviewData {
  state: SearchState;
  /** null until there is something to search for */
  result: SearchPage | null;
  /** resources and libraries' articles ranked together; null offline (the phone stores no articles) */
  found: SearchResults | null;
  /** no network: the results come from what the phone stored */
  offline: boolean;
}

/**
 * Online, the results are stored (they feed the offline search); with the
 * kit unreachable, the search runs over the phone's stored catalogue.
 */
async function searchWithCopy<T extends { data: ResourceSearchPage['data']; total: number }>(
  state: SearchState,
  read: () => Promise<T>,
  fromCopy: (found: ResourceSearchPage['data']) => T,
): Promise<{ result: T; offline: boolean }> {
  try {
    const result = await read();
    inBackground(rememberPage(`search:${JSON.stringify([state.query, state.type, state.page])}`, result));
    return { result, offline: false };
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    return { result: fromCopy(await searchCatalogue(state.query, typeQuery(state.type))), offline: true };
  }
}

/** Nothing but articles: what a search inside one library shows beside them. */
const NO_RESOURCES: SearchPage = { data: [], total: 0, capped: false, users: { data: [], total: 0 } };

/** `library=` (the reader's search box): that library's id, or undefined for the whole kit. */
function libraryOf(params: URLSearchParams): number | undefined {
  const id = Number(params.get('library'));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The articles found, or null with the kit out of reach (the phone stores no articles). */
function articlesOrNull(found: Promise<SearchResults>): Promise<SearchResults | null> {
  return found.catch((error: unknown) => {
    if (isNetworkError(error)) return null;
    throw error;
  });
}

/**
 * /search?q= : the first resources and articles found, and a few users;
 * with `library=`, only that library's articles, found by title or by the
 * words of their text.
 */
export async function searchOverviewLoader({ request }: LoaderFunctionArgs): Promise<SearchOverviewData> {
  const params = new URL(request.url).searchParams;
  const state = readSearchState(params);
  if (state.query === '') return { state, result: null, found: null, offline: false };
  const library = libraryOf(params);
  if (library !== undefined) {
    const found = await articlesOrNull(searchAll({ q: state.query, library }, request.signal));
    return { state, result: NO_RESOURCES, found, offline: found === null };
  }
  const [{ result, offline }, found] = await Promise.all([
    searchWithCopy(
      state,
      () => getSearchPage({ q: state.query, type: typeQuery(state.type) }, request.signal),
      (data) => ({ data, total: data.length, capped: false, users: { data: [], total: 0 } }),
    ),
    articlesOrNull(searchAll({ q: state.query, type: typeQuery(state.type) }, request.signal)),
  ]);
  return { state, result, found: offline ? null : found, offline };
}

export interface SearchResourcesData {
  state: SearchState;
  result: ResourceSearchPage | null;
  offline: boolean;
}

/** /search/res?q=&type=&page= : resource results, paged. */
export async function searchResourcesLoader({ request }: LoaderFunctionArgs): Promise<SearchResourcesData> {
  const state = readSearchState(new URL(request.url).searchParams);
  if (state.query === '') return { state, result: null, offline: false };
  const { result, offline } = await searchWithCopy(
    state,
    () => getSearchPageResources({ q: state.query, page: state.page, type: typeQuery(state.type) }, request.signal),
    (data) => ({
      data,
      total: data.length,
      capped: false,
      per_page: Math.max(1, data.length),
      current_page: 1,
      last_page: 1,
      from: data.length === 0 ? null : 1,
      to: data.length === 0 ? null : data.length,
    }),
  );
  return { state, result, offline };
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
