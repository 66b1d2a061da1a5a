import { describe, expect, it } from 'vitest';
import { readSearchState, searchHref, withPage, withType } from './search-state.ts';

const params = (text: string) => new URLSearchParams(text);

describe('search state', () => {
  it('reads query, type and page from the URL, with page 1 by default', () => {
    expect(readSearchState(params('q=agua&type=3&page=4'))).toEqual({ query: 'agua', type: 3, page: 4 });
    expect(readSearchState(params(''))).toEqual({ query: '', type: 0, page: 1 });
    expect(readSearchState(params('q=%20ni%C3%B1o%20&page=0'))).toEqual({ query: 'niño', type: 0, page: 1 });
    expect(readSearchState(params('page=-2&type=x'))).toEqual({ query: '', type: 0, page: 1 });
  });

  it('resets the page when the type filter changes, not when it stays', () => {
    const state = { query: 'agua', type: 0 as const, page: 3 };
    expect(withType(state, 2)).toEqual({ query: 'agua', type: 2, page: 1 });
    expect(withType(state, 0)).toBe(state);
    expect(withPage(state, 7).page).toBe(7);
    expect(withPage(state, 0).page).toBe(1);
  });

  it('builds tab addresses without default values', () => {
    expect(searchHref('all', { query: 'año agrícola' })).toBe('/search?q=a%C3%B1o+agr%C3%ADcola');
    expect(searchHref('res', { query: 'agua', type: 3, page: 2 })).toBe('/search/res?q=agua&type=3&page=2');
    expect(searchHref('users', { query: 'maria', page: 1 })).toBe('/search/users?q=maria');
  });
});
