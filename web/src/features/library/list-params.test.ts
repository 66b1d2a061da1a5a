import { describe, expect, it } from 'vitest';
import { listQueryString, parseCategoryId, parsePage, readListFilters } from './list-params.ts';

describe('list filters in the URL (?c=&type=&page=)', () => {
  it('reads them, falling back to no category, Todos and page 1', () => {
    expect(readListFilters(new URLSearchParams('c=10&type=3&page=2'))).toEqual({ category: 10, type: 3, page: 2 });
    expect(readListFilters(new URLSearchParams('c=abc&type=9&page=0'))).toEqual({ category: null, type: 0, page: 1 });
    expect(parsePage('99999999')).toBe(1);
    expect(parseCategoryId('0')).toBeNull();
  });

  it('writes them without the defaults', () => {
    expect(listQueryString({ category: 10, type: 3, page: 2 })).toBe('?c=10&type=3&page=2');
    expect(listQueryString({ category: null, type: 0, page: 1 })).toBe('');
    expect(listQueryString({ q: 'niño', page: 3 })).toBe('?q=ni%C3%B1o&page=3');
  });
});
