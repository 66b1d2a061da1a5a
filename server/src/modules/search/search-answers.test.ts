import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection.ts';
import { buildTestApp, createUser, login, type TestApp } from '../../../test/helper.ts';
import { addCategory, addMedia, addResource, patternBytes } from '../../../test/library-fixtures.ts';
import { planPack, rememberExport, writePack } from '../sync/pack-export.ts';
import { importPack } from '../sync/pack-import.ts';
import { loadOrCreateKitKey } from '../sync/sync-keys.ts';
import { COUNTED_COLUMNS, REMEMBER_FROM_CANDIDATES, SEARCHED_COLUMNS } from './search-answers.ts';
import { findResources } from './search.service.ts';

/*
 * A common word ("lana") in more resources than REMEMBER_FROM_CANDIDATES, so
 * its answer is remembered; each test asks, changes the library through one
 * write path, and asks again: the second answer must show the change.
 */
const ROWS = REMEMBER_FROM_CANDIDATES + 100;
let t: TestApp;
let admin: string;
let owner: string;
let ownerId = 0;
let tejidos = 0;
let campo = 0;

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.app, 'admin', 'clave-admin', { admin: true });
  ownerId = await createUser(t.app, 'ana', 'clave-ana');
  admin = `Bearer ${(await login(t.app, 'admin', 'clave-admin')).token}`;
  owner = `Bearer ${(await login(t.app, 'ana', 'clave-ana')).token}`;
  const db = t.app.db;
  tejidos = addCategory(db, 'Tejidos');
  campo = addCategory(db, 'Campo');
  db.transaction(() => {
    for (let i = 0; i < ROWS; i++) {
      const createdAt = new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
      addResource(db, { title: `Manta de lana ${i}`, description: 'Hilada a mano.', category: tejidos, views: i % 50, createdAt });
    }
  })();
});
afterAll(() => t.close());

interface Page { data: { id: number; title: string }[]; total: number }

async function search(query: string, authorization?: string): Promise<Page> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v3/searchResource?${query}`, headers: authorization ? { authorization } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function call(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, authorization: string, payload?: object): Promise<void> {
  const res = await t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

const ids = (page: Page) => page.data.map((d) => d.id);

describe('a remembered search answers again after each write path', () => {
  it('approving a pending resource adds it', async () => {
    const pending = addResource(t.app.db, { title: 'Poncho de lana', category: tejidos, user: ownerId, status: 'pending' });
    const before = await search('q=lana&per_page=60');
    expect(before.total).toBe(ROWS);
    await call('POST', `/api/v2/admin/resources/${pending}/approve`, admin, {});
    const after = await search('q=lana&per_page=60');
    expect(after.total).toBe(ROWS + 1);
    expect(ids(after)).toContain(pending);
  });

  it('blocking a resource takes it out', async () => {
    const before = await search('q=lana&per_page=60');
    const victim = before.data[0]?.id ?? 0;
    await call('POST', `/api/v2/admin/resources/${victim}/block`, admin, {});
    const after = await search('q=lana&per_page=60');
    expect(after.total).toBe(before.total - 1);
    expect(ids(after)).not.toContain(victim);
  });

  it('editing the title moves it out of the words searched', async () => {
    const before = await search('q=lana&per_page=60');
    const edited = before.data[0]?.id ?? 0;
    await call('PATCH', `/api/v2/resources/${edited}`, admin, { title: 'Manta de algodón' });
    const after = await search('q=lana&per_page=60');
    expect(after.total).toBe(before.total - 1);
    expect(ids(after)).not.toContain(edited);
    expect(ids(await search('q=algodon'))).toEqual([edited]);
  });

  it('deleting a draft takes it off its owner’s own list', async () => {
    const draft = addResource(t.app.db, { title: 'Ovillo de lana', category: tejidos, user: ownerId, status: 'draft' });
    const query = `q=lana&section=user&user=${ownerId}&per_page=60`;
    const before = await search(query, owner);
    expect(ids(before)).toContain(draft);
    await call('DELETE', `/api/v2/resources/${draft}`, owner);
    const after = await search(query, owner);
    expect(after.total).toBe(before.total - 1);
    expect(ids(after)).not.toContain(draft);
  });

  it('renaming a category changes what its name finds', async () => {
    const before = await search('q=tejidos');
    expect(before.total).toBeGreaterThan(REMEMBER_FROM_CANDIDATES);
    await call('PUT', `/api/content/type/${tejidos}/update`, admin, { name: 'Telares' });
    expect((await search('q=tejidos')).total).toBe(0);
    expect((await search('q=telares')).total).toBe(before.total);
  });

  it('moving a category under another widens the other’s filter', async () => {
    expect((await search(`q=lana&categories=${campo}`)).total).toBe(0);
    await call('PUT', `/api/v2/categories/${tejidos}/change-parent`, admin, { newParentId: campo });
    expect((await search(`q=lana&categories=${campo}`)).total).toBe((await search('q=lana')).total);
  });

  it('hiding a category hides its resources from visitors, not from admins', async () => {
    const visible = (await search('q=lana')).total;
    t.app.db.prepare('UPDATE categories SET status_id = 0 WHERE id = ?').run(campo);
    expect((await search('q=lana')).total).toBe(0);
    expect((await search('q=lana', admin)).total).toBe(visible);
    t.app.db.prepare('UPDATE categories SET status_id = 1 WHERE id = ?').run(campo);
    expect((await search('q=lana')).total).toBe(visible);
  });

  it('an imported pack adds its resources', async () => {
    const other = await buildTestApp();
    try {
      const media = addMedia(other.app.db, other.dataDir, patternBytes(5_000, 3), 'pdf', 'application/pdf');
      addResource(other.app.db, { title: 'Chompa de lana de oveja', category: addCategory(other.app.db, 'Abrigo'), media });
      const plan = planPack(other.app.db, loadOrCreateKitKey(other.dataDir), 'otro.kit', null);
      rememberExport(other.app.db, plan);
      const pack = new PassThrough();
      void writePack(other.dataDir, plan, pack, () => undefined).then(() => pack.end());
      const before = await search('q=lana');
      const report = await importPack({ db: t.app.db, dataDir: t.dataDir, diskReserveBytes: t.app.config.diskReserveBytes, key: loadOrCreateKitKey(t.dataDir) }, pack, { arrival: 'published', acceptUntrusted: true, source: 'upload' });
      expect(report).toMatchObject({ added: 1 });
      const after = await search('q=lana%20oveja');
      expect(after.data.map((d) => d.title)).toEqual(['Chompa de lana de oveja']);
      expect((await search('q=lana')).total).toBe(before.total + 1);
    } finally {
      await other.close();
    }
  });

  it('written views reorder Más vistos', async () => {
    const before = await search('q=lana&section=featured');
    const last = (await search(`q=lana&section=featured&page=${Math.ceil(before.total / 24)}`)).data.at(-1)?.id ?? 0;
    expect(ids(before)).not.toContain(last);
    for (let i = 0; i < 100; i++) t.app.viewCounts.add(last);
    t.app.viewCounts.flush();
    expect(ids(await search('q=lana&section=featured'))[0]).toBe(last);
  });

  it('a change committed by another connection (backup and import tools) is seen', async () => {
    const before = await search('q=lana&per_page=60');
    const edited = before.data[0]?.id ?? 0;
    const tool = openDatabase(path.join(t.dataDir, 'portal.db'));
    try {
      tool.prepare("UPDATE resources SET title = 'Manta de alpaca', description = '' WHERE id = ?").run(edited);
    } finally {
      tool.close();
    }
    const after = await search('q=lana&per_page=60');
    expect(after.total).toBe(before.total - 1);
    expect(ids(after)).not.toContain(edited);
  });

  it('a search inside a transaction that rolls back is not remembered', () => {
    const db = t.app.db;
    const query = { q: 'lana', page: 1, perPage: 60 };
    const before = findResources(db, null, query).total;
    let inside = 0;
    expect(() =>
      db.transaction(() => {
        addResource(db, { title: 'Lana que nunca existió' });
        inside = findResources(db, null, query).total;
        throw new Error('rollback');
      })(),
    ).toThrow('rollback');
    expect(inside).toBe(before + 1);
    expect(findResources(db, null, query).total).toBe(before);
  });
});

describe('a remembered search by a category’s name answers again after the category changes', () => {
  // Resources filed one level below the category whose name is searched.
  let hilados = 0;
  let ovillos = 0;
  beforeAll(() => {
    const db = t.app.db;
    hilados = addCategory(db, 'Hilados');
    ovillos = addCategory(db, 'Ovillos', { parent: hilados });
    db.transaction(() => {
      for (let i = 0; i < ROWS; i++) addResource(db, { title: `Madeja ${i}`, description: 'Teñida con cochinilla.', category: ovillos });
    })();
  });

  it('renaming a parent changes what finds the resources of its subcategories', async () => {
    expect((await search('q=hilados')).total).toBe(ROWS);
    await call('PUT', `/api/content/type/${hilados}/update`, admin, { name: 'Fibras' });
    expect((await search('q=hilados')).total).toBe(0);
    expect((await search('q=fibras')).total).toBe(ROWS);
    expect((await search('q=ovillos')).total).toBe(ROWS);
  });

  it('moving a category: the new parent’s name finds its resources, the old parent’s no longer', async () => {
    const mercado = addCategory(t.app.db, 'Mercado');
    expect((await search('q=fibras')).total).toBe(ROWS);
    expect((await search('q=mercado')).total).toBe(0);
    await call('PUT', `/api/v2/categories/${ovillos}/change-parent`, admin, { newParentId: mercado });
    expect((await search('q=fibras')).total).toBe(0);
    expect((await search('q=mercado')).total).toBe(ROWS);
    expect((await search('q=ovillos madeja')).total).toBe(ROWS);
  });

  it('deleting an emptied category: its name finds nothing, its parent’s name finds what moved to a sibling', async () => {
    const db = t.app.db;
    const parent = db.prepare<[number], { parent_id: number }>('SELECT parent_id FROM categories WHERE id = ?').get(ovillos)?.parent_id ?? 0;
    const madejas = addCategory(db, 'Madejas', { parent: parent });
    expect((await search('q=ovillos')).total).toBe(ROWS);
    // Refused while it holds resources: nothing changes.
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/content/type/${ovillos}/delete`, headers: { authorization: admin } });
    expect(refused.statusCode).toBe(409);
    expect((await search('q=ovillos')).total).toBe(ROWS);
    // Re-filed in one statement, as an import does, then deleted.
    db.prepare('UPDATE resources SET category_id = ? WHERE category_id = ?').run(madejas, ovillos);
    await call('DELETE', `/api/content/type/${ovillos}/delete`, admin);
    expect((await search('q=ovillos')).total).toBe(0);
    expect((await search('q=madejas')).total).toBe(ROWS);
    expect((await search('q=mercado')).total).toBe(ROWS);
  });
});

describe('what invalidates remembered answers', () => {
  // Columns that no search reads. A new column of resources must be put here
  // or in SEARCHED_COLUMNS / COUNTED_COLUMNS: this test fails until it is.
  const NOT_SEARCHED = [
    'global_id', 'source', 'license', 'status_reason', 'media_sha256', 'media_name', 'cover_sha256', 'cover_custom',
    'playlist_id', 'app_version', 'rights_declared', 'updated_at', 'published_at',
    'title_sort', // generated from title, which is watched
  ];

  it('every column of resources is either watched or known to be unsearched', () => {
    const columns = t.app.db.prepare<[string], { name: string }>('SELECT name FROM pragma_table_xinfo(?)').all('resources').map((c) => c.name);
    const classified = new Set<string>([...SEARCHED_COLUMNS, ...COUNTED_COLUMNS, ...NOT_SEARCHED]);
    expect(columns.filter((c) => !classified.has(c))).toEqual([]);
  });
});
