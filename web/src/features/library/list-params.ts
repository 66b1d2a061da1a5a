import { parseTypeCode, type TypeCode } from './resource-types.ts';

/** docs/PRODUCT.md#limits: the default page is 1. */
export const DEFAULT_PAGE = 1;

/** ?page= → a page number ≥ 1; anything else → 1. */
export function parsePage(raw: string | null | undefined): number {
  if (!raw || !/^\d{1,7}$/.test(raw)) return DEFAULT_PAGE;
  return Math.max(DEFAULT_PAGE, Number(raw));
}

/** ?c= → a category id, or null. */
export function parseCategoryId(raw: string | null | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  return Number(raw);
}

/** The filters of a resource list page, as its URL carries them. */
export interface ListFilters {
  category: number | null;
  type: TypeCode;
  page: number;
}

export function readListFilters(params: URLSearchParams): ListFilters {
  return { category: parseCategoryId(params.get('c')), type: parseTypeCode(params.get('type')), page: parsePage(params.get('page')) };
}

/** `?c=…&type=…&page=…` leaving out the defaults; '' when all are defaults. */
export function listQueryString(filters: Partial<ListFilters> & { q?: string }): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.category) params.set('c', String(filters.category));
  if (filters.type) params.set('type', String(filters.type));
  if (filters.page && filters.page > DEFAULT_PAGE) params.set('page', String(filters.page));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
