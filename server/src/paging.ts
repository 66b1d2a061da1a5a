import { DEFAULT_PER_PAGE } from '@kit/contract';

/** Paged results, the one way every list answers (docs/PRODUCT.md#paged-answers): from/to are 1-based, null on an empty page. */
export interface Page<T> {
  data: T[];
  from: number | null;
  to: number | null;
  per_page: number;
  last_page: number;
  total: number;
  current_page: number;
}

/** Which page a request asks for, with the rows it skips. */
export interface PageRequest {
  page: number;
  perPage: number;
  offset: number;
}

/** `?page=&per_page=` as the schemas let them through. */
export interface PageQuery {
  page?: number | undefined;
  per_page?: number | undefined;
}

/** Which page a query asks for; absent: the first page of DEFAULT_PER_PAGE (or the list's own size). */
export function pageRequest(query: PageQuery, perPage: number = DEFAULT_PER_PAGE): PageRequest {
  const page = query.page ?? 1;
  const size = query.per_page ?? perPage;
  return { page, perPage: size, offset: (page - 1) * size };
}

export function pageOf<T>(data: T[], total: number, page: number, perPage: number): Page<T> {
  const offset = (page - 1) * perPage;
  return {
    data,
    from: data.length > 0 ? offset + 1 : null,
    to: data.length > 0 ? offset + data.length : null,
    per_page: perPage,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    total,
    current_page: page,
  };
}
