import { DEFAULT_PAGE, listQueryString, parsePage } from './list-params.ts';
import { parseTypeCode, type TypeCode } from './resource-types.ts';

/**
 * docs/PRODUCT.md#search search state as the URL carries it (?q=&type=&page=). docs/PRODUCT.md#search: the
 * page goes back to 1 whenever the query changes; so does a new type filter.
 */
export interface SearchState {
  query: string;
  type: TypeCode;
  page: number;
}

export type SearchTab = 'all' | 'res' | 'users';

const TAB_PATHS: Record<SearchTab, string> = { all: '/search', res: '/search/res', users: '/search/users' };

export function readSearchState(params: URLSearchParams): SearchState {
  return { query: (params.get('q') ?? '').trim(), type: parseTypeCode(params.get('type')), page: parsePage(params.get('page')) };
}

export function withType(state: SearchState, type: TypeCode): SearchState {
  return type === state.type ? state : { ...state, type, page: DEFAULT_PAGE };
}

export function withPage(state: SearchState, page: number): SearchState {
  return { ...state, page: Math.max(DEFAULT_PAGE, Math.floor(page)) };
}

/** The address of a search tab for a state. */
export function searchHref(tab: SearchTab, state: Partial<SearchState>): string {
  return `${TAB_PATHS[tab]}${listQueryString({ q: state.query, type: state.type, page: state.page })}`;
}
