import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/helper.ts';
import { openDatabase } from '../../db/connection.ts';
import { migrate } from '../../db/migrate.ts';
import { searchResourceIds, windowStatement, type ResourceFilter } from './search.repo.ts';

/*
 * How a search window reads the library, checked on the query plan (speed
 * itself is for `make bench`): a candidate costs one probe of a narrow index,
 * whatever the filters, and never a read of its (large) row.
 */
const everything: ResourceFilter = { allStatuses: false, typeCode: null, categoryIds: null, userId: null, excludeCategoryIds: [] };

function migrated() {
  const db = openDatabase(path.join(tempDir(), 'portal.db'));
  migrate(db);
  return db;
}

function plan(filter: ResourceFilter): string[] {
  const db = migrated();
  const { sql, params } = windowStatement(filter, { by: 'relevance', dir: 'desc' });
  const rows = db.prepare<Record<string, string | number>, { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`).all({ ...params, match: '"agua"', cap: 10, titleMatch: '{title} : ("agua")' });
  db.close();
  return rows.map((r) => r.detail);
}

describe('a relevance search window', () => {
  it('filters its candidates on the narrow id index, never on the rows', () => {
    const db = migrated();
    const columns = db.prepare<[], { name: string }>("SELECT name FROM pragma_index_info('resources_search_filter')").all().map((c) => c.name);
    db.close();
    expect(columns).toEqual(['id', 'status', 'category_id', 'type_code', 'user_id']);
    const filters: ResourceFilter[] = [
      everything,
      { allStatuses: false, typeCode: 3, categoryIds: [1, 2, 3], userId: 4, excludeCategoryIds: [5, 6] },
      { allStatuses: true, typeCode: null, categoryIds: null, userId: 4, excludeCategoryIds: [] },
    ];
    for (const filter of filters) {
      const steps = plan(filter);
      expect(steps.some((s) => s.includes('COVERING INDEX resources_search_filter')), steps.join('\n')).toBe(true);
      expect(steps.filter((s) => / r\b/.test(s) && !s.includes('resources_search_filter')), steps.join('\n')).toEqual([]);
    }
  });

  it('tests a category list on each candidate instead of one probe per listed category', () => {
    const steps = plan({ ...everything, categoryIds: [1, 2, 3, 4, 5, 6, 7, 8] });
    expect(steps.filter((s) => s.includes('category_id=?')), steps.join('\n')).toEqual([]);
  });
});

describe('a window the filters empty', () => {
  it('still says whether the text matched more than the cap', () => {
    const db = migrated();
    const insert = db.prepare("INSERT INTO resources (global_id, title, type_code, status) VALUES (?, ?, 2, 'published')");
    for (let i = 0; i < 5; i++) insert.run(`r${i}`, `Agua limpia ${i}`);
    const onlyType3 = { ...everything, typeCode: 3 };
    expect(searchResourceIds(db, '"agua"', onlyType3, { by: 'relevance', dir: 'desc' }, 10, 0, 3)).toEqual({ ids: [], total: 0, capped: true, titled: new Set() });
    expect(searchResourceIds(db, '"agua"', onlyType3, { by: 'relevance', dir: 'desc' }, 10, 0, 5)).toEqual({ ids: [], total: 0, capped: false, titled: new Set() });
    db.close();
  });
});
