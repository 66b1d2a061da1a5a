/**
 * What a title search of the offline libraries costs in SQLite, in CPU time
 * (a shared machine stretches wall time, not CPU time): the generated
 * encyclopaedia's titles and redirects (fixtures/zim-pages.ts) indexed as the
 * kit indexes a library, then the bench's searches (zim-search.ts) through
 * `searchArticleTitles`, the article half of GET /api/v2/search.
 * `node scripts/bench/zim-title-cost.ts [articles]`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RESOURCE_TYPES } from '@kit/contract';
import { foldText } from '@kit/contract/fold';
import { zimPages } from '../../fixtures/zim-pages.ts';
import { seededRandom } from '../../fixtures/catalogue/random.ts';
import { openDatabase } from '../../server/src/db/connection.ts';
import { migrate } from '../../server/src/db/migrate.ts';
import { searchArticleTitles } from '../../server/src/modules/search/articles.repo.ts';
import { buildMatchExpression, textWords } from '../../server/src/modules/search/search.query.ts';
import { SEARCH_CANDIDATE_CAP, type ResourceFilter } from '../../server/src/modules/search/search.repo.ts';
import { queries } from './zim-search.ts';

const count = Number(process.argv[2] ?? 100_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kit-title-cost-'));
const db = openDatabase(path.join(dir, 'portal.db'));
migrate(db);
const library = Number(
  db
    .prepare(`INSERT INTO resources (global_id, title, description, author, source, license, type_code, status, created_at, published_at)
      VALUES ('bench-library', 'Enciclopedia del pueblo', '', '', '', 'CC-BY-SA', ?, 'published', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`)
    .run(RESOURCE_TYPES.LIBRARY).lastInsertRowid,
);
const pages = zimPages(count);
const titleOf = new Map(pages.articles.map((a) => [a.path, a.title]));
// The rows the indexer writes: with their words where the index is kept in that order (migration 0018), which
// also leaves out the redirects that only drop their target's accents (the generator's kind).
const ordered = db.prepare<[], number>("SELECT count(*) FROM pragma_table_info('zim_titles') WHERE name = 'words'").pluck().get() === 1;
const folded = (text: string) => textWords(foldText(text)).join(' ');
const insert = ordered
  ? db.prepare('INSERT INTO zim_titles (resource_id, entry, redirect, name, path, title, words) VALUES (?, ?, ?, ?, ?, ?, ?)')
  : db.prepare('INSERT INTO zim_titles (resource_id, entry, redirect, name, path, title) VALUES (?, ?, ?, ?, ?, ?)');
const row = (entry: number, redirect: 0 | 1, name: string, path: string, title: string) =>
  insert.run(library, entry, redirect, name, path, title, ...(ordered ? [Math.max(1, textWords(name).length)] : []));
db.transaction(() => {
  let entry = 0;
  for (const a of pages.articles) row(entry++, 0, a.title, a.path, a.title);
  for (const r of pages.redirects) {
    const target = titleOf.get(r.target) ?? r.title;
    if (!ordered || folded(r.title) !== folded(target)) row(entry, 1, r.title, r.target, target);
    entry++;
  }
})();

const filter: ResourceFilter = { allStatuses: false, typeCode: null, categoryIds: null, userId: null, excludeCategoryIds: [] };
const asked = queries(seededRandom(13), pages.articles);
const times: number[] = [];
let found = 0;
// The first pass warms SQLite's page cache, as a kit's earlier searches have; the second is timed.
for (const q of [...asked, ...asked]) {
  const match = buildMatchExpression(q);
  if (match === null) continue;
  const cpu = process.cpuUsage();
  found += searchArticleTitles(db, match, filter, 24, SEARCH_CANDIDATE_CAP).rows.length;
  const used = process.cpuUsage(cpu);
  times.push((used.user + used.system) / 1000);
}
times.splice(0, asked.length);
times.sort((a, b) => a - b);
const at = (p: number) => +(times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0).toFixed(2);
console.log(JSON.stringify({ ordered, titles: db.prepare('SELECT count(*) FROM zim_titles').pluck().get(), queries: times.length, found, cpuMs: { p50: at(0.5), p95: at(0.95), max: at(1) } }));
db.close();
fs.rmSync(dir, { recursive: true, force: true });
