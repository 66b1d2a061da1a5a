import { foldText, ResourceSearchPageSchema } from '@kit/contract';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestApp } from '../../../test/helper.ts';
import { BM25_WEIGHTS, SEARCH_CANDIDATE_CAP, searchResourceIds, type ResourceFilter, type ResourceOrder } from './search.repo.ts';


/*
 * A library larger than the search window, with a word ("comunidad") in every
 * resource: the search must still answer, correctly, from the newest
 * SEARCH_CANDIDATE_CAP matches. Correctness only; speed is for `make bench`.
 */
const ROWS = 8000;
let t: TestApp;
let firstId = 0;
let otherUser = 0;
const idOf = (i: number) => firstId + i;

beforeAll(async () => {
  t = await buildTestApp();
  otherUser = await createUser(t.app, 'otra', 'clave-otra');
  const db = t.app.db;
  const insert = db.prepare(
    `INSERT INTO resources (global_id, title, description, author, type_code, user_id, status, views, created_at)
     VALUES (?, ?, ?, ?, ?, ?, 'published', ?, ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < ROWS; i++) {
      const id = Number(
        insert.run(
          `gen-${i}`,
          i % 10 === 0 ? `Noticias de la comunidad ${i}` : `Recurso número ${i}`,
          `Un material para toda la comunidad${i % 1000 === 7 ? ' sobre la quinua' : ''}.`,
          `Autor ${i % 40}`,
          1 + (i % 6),
          i % 1000 === 3 ? otherUser : null,
          i % 500,
          new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
        ).lastInsertRowid,
      );
      if (i === 0) firstId = id;
    }
  })();
});
afterAll(() => t.close());

async function search(query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v3/searchResource?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(Value.Check(ResourceSearchPageSchema, body)).toBe(true);
  return body as { data: { id: number; title: string; views: number; type: number }[]; total: number; capped: boolean; last_page: number; from: number | null };
}

/** Row indexes inside the window: the newest SEARCH_CANDIDATE_CAP of all rows (every row matches). */
const windowStart = ROWS - SEARCH_CANDIDATE_CAP;
const inWindow = (id: number) => id >= idOf(windowStart);

describe('search over a word found in every resource', () => {
  it('answers from the newest matches, says it is capped, and ranks title matches first', async () => {
    expect(ROWS).toBeGreaterThan(SEARCH_CANDIDATE_CAP);
    const page = await search('q=comunidad&per_page=60');
    expect(page.capped).toBe(true);
    expect(page.total).toBe(SEARCH_CANDIDATE_CAP);
    expect(page.data).toHaveLength(60);
    for (const item of page.data) {
      expect(inWindow(item.id)).toBe(true);
      // 500 titles in the window say "comunidad": the first page is all of them.
      expect(item.title).toMatch(/comunidad/);
    }
  });

  it('pages to the end of the window and past it', async () => {
    const last = Math.ceil(SEARCH_CANDIDATE_CAP / 60);
    const end = await search(`q=comunidad&per_page=60&page=${last}`);
    expect(end.data).toHaveLength(SEARCH_CANDIDATE_CAP - (last - 1) * 60);
    expect(end.last_page).toBe(last);
    const past = await search(`q=comunidad&per_page=60&page=${last + 1}`);
    expect(past).toMatchObject({ data: [], from: null, total: SEARCH_CANDIDATE_CAP, capped: true });
  });

  it('sorts the window by views (Más vistos) correctly', async () => {
    const page = await search('q=comunidad&section=featured&per_page=60');
    const views = page.data.map((d) => d.views);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    expect(views[0]).toBe(499);
    for (const item of page.data) expect(inWindow(item.id)).toBe(true);
  });

  it('applies filters inside the window, exactly', async () => {
    const page = await search('q=comunidad&type=5&per_page=60');
    let expected = 0;
    for (let i = windowStart; i < ROWS; i++) if (1 + (i % 6) === 5) expected++;
    expect(page.total).toBe(expected);
    for (const item of page.data) expect(item.type).toBe(5);
    const byUser = await search(`q=comunidad&user=${otherUser}`);
    const hers = Array.from({ length: ROWS / 1000 }, (_, k) => k * 1000 + 3);
    expect(byUser.data.map((d) => d.id).sort((a, b) => a - b)).toEqual(hers.filter((i) => i >= windowStart).map(idOf));
    // the older ones are hers too, but outside the window: not found
    expect(hers.filter((i) => i < windowStart).length).toBeGreaterThan(0);
  });

  it('is complete and exact when a second word narrows the text below the cap', async () => {
    const page = await search('q=comunidad%20quinua');
    expect(page.capped).toBe(false);
    expect(page.total).toBe(8);
    expect(page.data.map((d) => d.id).sort((a, b) => a - b)).toEqual([7, 1007, 2007, 3007, 4007, 5007, 6007, 7007].map(idOf));
  });

  it('browses the whole library without text, exactly', async () => {
    const page = await search('per_page=60&orderBy=views');
    expect(page).toMatchObject({ total: ROWS, capped: false });
  });
});

describe('searchResourceIds with a small cap', () => {
  it('keeps the newest `cap` matches and reports the cap', () => {
    const filter = { allStatuses: false, typeCode: null, categoryIds: null, userId: null, excludeCategoryIds: [] };
    const result = searchResourceIds(t.app.db, '"quinua"', filter, { by: 'created_at', dir: 'desc' }, 10, 0, 3);
    expect(result).toEqual({ ids: [7007, 6007, 5007].map(idOf), total: 3, capped: true, titled: null });
    const exact = searchResourceIds(t.app.db, '"quinua"', filter, { by: 'created_at', dir: 'desc' }, 10, 0, 8);
    expect(exact.capped).toBe(false);
    expect(exact.total).toBe(8);
  });
});

/** Whether every word of a match expression ("a" "b"*) is in the title, checked in JS. */
function titleHasEveryWord(match: string, title: string): boolean {
  const words = foldText(title).match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...match.matchAll(/"([^"]+)"(\*)?/g)].every(([, term = '', prefix]) => {
    const folded = foldText(term);
    return words.some((w) => (prefix ? w.startsWith(folded) : w === folded));
  });
}

/**
 * The answer as the first version of the capped search made it, step by
 * step: the newest `cap` matches with their bm25 from FTS5, the filters by
 * primary key, then a sort in JS (relevance: every word in the title first,
 * then bm25). The one-statement search and its remembered answers must give
 * exactly this, page by page, with (by relevance) the ids found in the title.
 */
function reference(match: string, filter: ResourceFilter, order: ResourceOrder): { ids: number[]; titled: Set<number> | null } {
  const db = t.app.db;
  const candidates = db
    .prepare<[string, number], { id: number; score: number }>(
      `SELECT rowid AS id, bm25(resources_fts, ${BM25_WEIGHTS.join(', ')}) AS score FROM resources_fts WHERE resources_fts MATCH ? ORDER BY rowid DESC LIMIT ?`,
    )
    .all(match, SEARCH_CANDIDATE_CAP);
  const column = { relevance: 'NULL', created_at: 'created_at', views: 'views', downloads: 'downloads', title: 'title_sort' }[order.by];
  const row = db.prepare<[number], { id: number; k: number | string | null; title: string; status: string; type_code: number; user_id: number | null }>(
    `SELECT id, ${column} AS k, title, status, type_code, user_id FROM resources WHERE id = ?`,
  );
  const relevance = order.by === 'relevance';
  const rows = candidates
    .map((c) => ({ ...row.get(c.id), score: c.score }))
    .filter((r) => r.status === 'published' && (filter.typeCode === null || r.type_code === filter.typeCode) && (filter.userId === null || r.user_id === filter.userId))
    .map((r) => ({ id: r.id ?? 0, inTitle: relevance && titleHasEveryWord(match, r.title ?? '') ? 0 : 1, key: relevance ? r.score : (r.k ?? null) }));
  const keySign = relevance ? (order.dir === 'desc' ? 1 : -1) : order.dir === 'asc' ? 1 : -1;
  const idSign = order.dir === 'asc' ? 1 : -1;
  const cmp = (a: number | string | null, b: number | string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);
  const ids = rows.sort((a, b) => keySign * (a.inTitle - b.inTitle) || keySign * cmp(a.key, b.key) || idSign * (a.id - b.id)).map((r) => r.id);
  return { ids, titled: relevance ? new Set(rows.filter((r) => r.inTitle === 0).map((r) => r.id)) : null };
}

describe('the capped search answers what ranking every candidate in JS answered', () => {
  const orders: ResourceOrder[] = [
    { by: 'relevance', dir: 'desc' }, { by: 'relevance', dir: 'asc' }, { by: 'views', dir: 'desc' }, { by: 'downloads', dir: 'desc' },
    { by: 'created_at', dir: 'asc' }, { by: 'title', dir: 'asc' }, { by: 'title', dir: 'desc' },
  ];
  const filters: ResourceFilter[] = [
    { allStatuses: false, typeCode: null, categoryIds: null, userId: null, excludeCategoryIds: [] },
    { allStatuses: false, typeCode: 5, categoryIds: null, userId: null, excludeCategoryIds: [] },
  ];
  for (const match of ['"comunidad"', '"recurso" "comunidad"*']) {
    for (const order of orders) {
      it(`${match}, ${order.by} ${order.dir}: every page, first asked and asked again`, () => {
        for (const filter of filters) {
          const { ids: expected, titled } = reference(match, filter, order);
          for (const ask of ['first', 'again']) {
            for (const [limit, offset] of [[24, 0], [60, 600], [60, expected.length - 10]] as const) {
              const page = searchResourceIds(t.app.db, match, filter, order, limit, offset);
              const ids = expected.slice(offset, offset + limit);
              expect(page, `${ask} ask, offset ${offset}`).toEqual({ ids, total: expected.length, capped: true, titled: titled && new Set(ids.filter((id) => titled.has(id))) });
            }
          }
        }
      });
    }
  }
});
