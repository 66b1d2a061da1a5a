/**
 * Search at scale: the search service on a generated catalogue against a
 * LIKE '%q%' scan of the same database. Each round starts with an edit of one
 * resource, which invalidates remembered answers, then asks every query of
 * the mix twice: "first ask" is what a search costs after any change to the
 * library, "asked again" what the next villager asking the same thing pays.
 *
 * Alone (a quicker look than `make bench`):
 *   node scripts/bench/search.ts [data-dir] [count]
 * generates the catalogue in data-dir when it holds none, and keeps it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { RESOURCE_TYPES } from '@kit/contract';
import { generateCatalogue } from '../../fixtures/generate-catalogue.ts';
import { openDatabase, type Db } from '../../server/src/db/connection.ts';
import { findResources } from '../../server/src/modules/search/search.service.ts';
import { reach } from './goals.ts';
import { ms, pct, results, rows } from './table.ts';

/**
 * Rare words, accents typed or not, prefixes, several words, common words with
 * filters. `inField` filters by the generated top-level category of that name
 * (and everything below it).
 */
export const SEARCH_MIX: { q: string; type?: number; inField?: string }[] = [
  { q: 'xilófono' }, { q: 'xilofono' }, { q: 'agua' }, { q: 'guía' }, { q: 'educacion' }, { q: 'niño' }, { q: 'nino' },
  { q: 'educ' }, { q: 'cose' }, { q: 'cuento de agua' }, { q: 'manual salud familia' }, { q: 'agua', type: RESOURCE_TYPES.VIDEO }, { q: 'semilla', inField: 'Agricultura' },
];
const ROUNDS = 3;

const time = (fn: () => unknown): number => {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
};

export function benchSearch(db: Db, count: number): void {
  const first: number[] = [];
  const again: number[] = [];
  const like: number[] = [];
  const perQuery = new Map<string, { first: number[]; again: number[] }>();
  const newest = db.prepare<[], { id: number }>('SELECT max(id) AS id FROM resources').get()?.id ?? 0;
  const field = (name: string): number[] => {
    const id = db.prepare<[string], { id: number }>("SELECT id FROM categories WHERE parent_id IS NULL AND name = ? AND global_id LIKE 'gen-%'").get(name)?.id;
    if (id === undefined) throw new Error(`bench: the generated catalogue has no top-level category ${name}`);
    return [id];
  };
  for (let round = 0; round < ROUNDS; round++) {
    // A librarian's edit: whatever the server remembered about the library is stale now.
    // A real change (a full stop added, then taken away): the same title saved
    // again changes no answer, and remembered answers rightly outlive it.
    db.prepare("UPDATE resources SET title = CASE WHEN title LIKE '%.' THEN substr(title, 1, length(title) - 1) ELSE title || '.' END WHERE id = ?").run(newest);
    for (const m of SEARCH_MIX) {
      const categories = m.inField ? field(m.inField) : undefined;
      const ask = () => findResources(db, null, { q: m.q, page: 1, perPage: 24, type: m.type, categories });
      const name = `${m.q}${m.type ? ` type=${m.type}` : ''}${m.inField ? ` in ${m.inField}` : ''}`;
      const q = perQuery.get(name) ?? { first: [], again: [] };
      perQuery.set(name, q);
      first.push(time(ask));
      q.first.push(first.at(-1) ?? 0);
      again.push(time(ask));
      q.again.push(again.at(-1) ?? 0);
      const pattern = `%${m.q}%`;
      like.push(time(() => {
        db.prepare("SELECT id FROM resources WHERE status = 'published' AND (title LIKE ? OR description LIKE ? OR author LIKE ?) ORDER BY created_at DESC LIMIT 24").all(pattern, pattern, pattern);
        db.prepare("SELECT count(*) FROM resources WHERE status = 'published' AND (title LIKE ? OR description LIKE ? OR author LIKE ?)").get(pattern, pattern, pattern);
      }));
    }
  }
  for (const [name, p] of [['p50', 0.5], ['p95', 0.95], ['max', 1]] as const) {
    const b = pct(like, p);
    for (const [what, xs] of [['first ask', first], ['asked again', again]] as const) {
      const a = pct(xs, p);
      rows.push({ figure: `search ${count} ${what} ${name}`, value: ms(a), baseline: `LIKE ${ms(b)}`, ratio: `${(b / a).toFixed(1)}× faster` });
    }
  }
  const [firstP95, firstMax, likeP95] = [pct(first, 0.95), pct(first, 1), pct(like, 0.95)];
  reach('search.firstP95', firstP95, `LIKE ${ms(likeP95)}`);
  reach('search.firstMax', firstMax, `LIKE ${ms(pct(like, 1))}`);
  reach('search.likeP95', likeP95 / firstP95, `LIKE ${ms(likeP95)} vs ${ms(firstP95)}`);
  results.search = {
    count,
    first,
    again,
    like,
    perQuery: Object.fromEntries([...perQuery].map(([name, q]) => [name, { firstP50: ms(pct(q.first, 0.5)), againP50: ms(pct(q.again, 0.5)) }])),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dataDir = process.argv[2] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'kit-bench-search-'));
  const count = Number(process.argv[3] ?? 100_000);
  if (!fs.existsSync(path.join(dataDir, 'portal.db'))) generateCatalogue(dataDir, count);
  const db = openDatabase(path.join(dataDir, 'portal.db'));
  const load = os.loadavg()[0] ?? 0;
  benchSearch(db, count);
  db.close();
  console.log(`load average ${load.toFixed(1)} → ${os.loadavg()[0]?.toFixed(1)}, ${new Date().toISOString()}`);
  console.table(rows);
  console.table((results.search as { perQuery: Record<string, { firstP50: string; againP50: string }> }).perQuery);
}
