/** SPEC §3 paged results, the one way every list answers: from/to are 1-based, null on an empty page. */
export interface Page<T> {
  data: T[];
  from: number | null;
  to: number | null;
  per_page: number;
  last_page: number;
  total: number;
  current_page: number;
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
