import fs from 'node:fs';
import { SearchResultsSchema, type Library, type SearchHit, type SearchResults } from '@kit/contract';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, tempDir, type TestApp } from '../../../test/helper.ts';
import { addCategory, addResource } from '../../../test/library-fixtures.ts';
import { makeViewers } from '../../../test/portal-helpers.ts';
import { valleyZim } from '../../../test/valley-zim.ts';
import { addLibrary, allIndexed } from '../../../test/zim-search-fixtures.ts';
import { anotherCopy, illustrationPng } from '../../../test/zim-tools.ts';
import { buildTestZim } from '../../../test/zim-writer.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/**
 * Search inside offline libraries (docs/API-library.md "Search"): the
 * articles of a real ZIM written by zimwriterfs, indexed by the kit in the
 * background after the file's check, found by GET /api/v2/search.
 */

const dir = tempDir('kit-zim-search-');
let t: TestApp;
let admin: Record<string, string>;
let zim: Buffer;
let library: number;

const search = async (query: Record<string, string | number>, headers: Record<string, string> = {}): Promise<SearchResults> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v2/search', query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), headers });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as SearchResults;
  expect(Value.Check(SearchResultsSchema, body)).toBe(true);
  return body;
};
const articles = (hits: SearchHit[]) => hits.flatMap((h) => (h.kind === 'article' ? [h] : []));
const labels = (hits: SearchHit[]) => hits.map((h) => (h.kind === 'article' ? `${h.title} (${h.libraryTitle})` : h.resource.title));

beforeAll(async () => {
  zim = await valleyZim(dir);
  t = await buildTestApp();
  admin = (await makeViewers(t.app)).admin;
  library = await addLibrary(t.app, t.dataDir, 'Enciclopedia del valle', zim);
  await allIndexed(t.app);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('GET /api/v2/search: articles of the offline libraries', () => {
  it('finds an article by its title with or without accents and in capitals, saying which library it is in', async () => {
    for (const q of ['cancion', 'Canción', 'CANCIÓN', 'canc']) {
      const found = articles((await search({ q })).data);
      expect(found, q).toEqual([{ kind: 'article', libraryId: library, libraryTitle: 'Enciclopedia del valle', title: 'Canción', alias: null, path: 'cancion.html' }]);
    }
  });

  it("finds an article by a redirect's title and opens it at its target, once", async () => {
    const found = articles((await search({ q: 'arrullo' })).data);
    expect(found).toEqual([{ kind: 'article', libraryId: library, libraryTitle: 'Enciclopedia del valle', title: 'Canción', alias: 'Arrullo', path: 'cancion.html' }]);
  });

  it("ranks articles together with the village's resources: fewest other words in the title first", async () => {
    addResource(t.app.db, { title: 'Canción del río', description: 'Grabada en la escuela' });
    addResource(t.app.db, { title: 'Cuentos del valle', description: 'Con una canción al final' });
    const result = await search({ q: 'cancion' });
    expect(labels(result.data)).toEqual(['Canción (Enciclopedia del valle)', 'Canción del río', 'Cuentos del valle']);
    expect(result.total).toBe(3);
    // Another type than «Biblioteca» leaves the articles out.
    expect(labels((await search({ q: 'cancion', type: 2 })).data)).toEqual(['Canción del río', 'Cuentos del valle']);
  });

  it('finds the words of the text inside one library, titles first, script and style left out, references decoded', async () => {
    const paths = async (q: string) => (await search({ q, library })).data.map((h) => (h.kind === 'article' ? h.path : null));
    expect(await paths('sagrado')).toEqual(['ceiba.html']);
    expect(await paths('SAGRADO')).toEqual(['ceiba.html']);
    expect(await paths('árbol montana')).toEqual(['ceiba.html']);
    expect(await paths('tambor')).toEqual(['cancion.html']);
    expect(await paths('ceiba')).toEqual(['ceiba.html', 'index.html']);
    // «canción» is the title of one article and a word in the text of two others.
    for (const q of ['cancion', 'canción', 'CANCIÓN']) {
      const found = await paths(q);
      expect(found[0], q).toBe('cancion.html');
      expect(found, q).toContain('ceiba.html');
    }
    expect(await paths('xilofono')).toEqual([]);
    expect(await paths('murcielago')).toEqual([]);
    // Outside one library only titles are searched.
    expect(articles((await search({ q: 'sagrado' })).data)).toEqual([]);
  });

  it('indexes a file of the old layout (articles in A): HTML pages and redirects to them, a page once, no pictures or styles', async () => {
    const html = (title: string, text: string) => ({ mimeType: 'text/html', title, content: `<html><body><p>${text}</p></body></html>` });
    const old = buildTestZim(
      [
        { namespace: 'A', path: 'Quena', ...html('Quena', 'Flauta andina de caña.') },
        { namespace: 'A', path: 'Kena', title: 'Kena', redirectTo: { namespace: 'A', path: 'Quena' } },
        { namespace: 'A', path: 'Quena_andina', title: 'Quena andina', redirectTo: { namespace: 'A', path: 'Quena' } },
        { namespace: 'I', path: 'quena.png', mimeType: 'image/png', content: illustrationPng() },
        { namespace: '-', path: 'quena.css', mimeType: 'text/css', content: '.quena { color: red }' },
        { namespace: 'M', path: 'Title', content: 'Instrumentos' },
      ],
      { compression: 'zstd', minorVersion: 0, mainPage: { namespace: 'A', path: 'Quena' } },
    );
    const id = await addLibrary(t.app, t.dataDir, 'Instrumentos', old);
    await allIndexed(t.app);
    const found = articles((await search({ q: 'quena' })).data);
    expect(found).toEqual([{ kind: 'article', libraryId: id, libraryTitle: 'Instrumentos', title: 'Quena', alias: null, path: 'A/Quena' }]);
    expect(articles((await search({ q: 'kena' })).data)).toEqual([{ kind: 'article', libraryId: id, libraryTitle: 'Instrumentos', title: 'Quena', alias: 'Kena', path: 'A/Quena' }]);
    expect(t.app.db.prepare('SELECT name, redirect FROM zim_titles WHERE resource_id = ? ORDER BY entry').all(id)).toEqual([
      { name: 'Kena', redirect: 1 },
      { name: 'Quena', redirect: 0 },
      { name: 'Quena andina', redirect: 1 },
    ]);
    expect((await search({ q: 'cana', library: id })).data.map((h) => (h.kind === 'article' ? h.path : null))).toEqual(['A/Quena']);
  });

  it('shows the index as done on the library', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v2/libraries/${library}` });
    expect((res.json() as Library).index).toEqual({ state: 'done', percent: 100 });
  });

  it('leaves out libraries not published, and those filed in a hidden category as resource search does (admins see those)', async () => {
    const pending = await addLibrary(t.app, t.dataDir, 'Enciclopedia pendiente', anotherCopy(zim), { status: 'pending' });
    const hidden = await addLibrary(t.app, t.dataDir, 'Enciclopedia escondida', anotherCopy(zim), { category: addCategory(t.app.db, 'Privada', { hidden: true }) });
    await allIndexed(t.app);
    // Both are indexed, ready for the day they are shown.
    expect(t.app.db.prepare('SELECT count(DISTINCT resource_id) FROM zim_titles WHERE resource_id IN (?, ?)').pluck().get(pending, hidden)).toBe(2);
    const shown = async (headers: Record<string, string>) => articles((await search({ q: 'cancion' }, headers)).data).map((a) => a.libraryTitle);
    expect(await shown({})).toEqual(['Enciclopedia del valle']);
    expect(await shown(admin)).toEqual(['Enciclopedia del valle', 'Enciclopedia escondida']);
    const inside = (id: number, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/v2/search', query: { q: 'sagrado', library: String(id) }, headers });
    for (const [id, headers] of [[pending, {}], [pending, admin], [hidden, {}]] as const) {
      const res = await inside(id, headers);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    expect((await inside(hidden, admin)).statusCode).toBe(200);
  });

  it("removes a library's rows from both indexes when the library is deleted", async () => {
    const doomed = await addLibrary(t.app, t.dataDir, 'Enciclopedia que se va', anotherCopy(zim), { status: 'draft' });
    await allIndexed(t.app);
    const count = (sql: string) => t.app.db.prepare(sql).pluck().get();
    const rows = () => count(`SELECT count(*) FROM zim_titles WHERE resource_id = ${doomed}`);
    const before = { titles: count("SELECT count(*) FROM zim_titles_fts WHERE zim_titles_fts MATCH 'cancion'"), text: count("SELECT count(*) FROM zim_text_fts WHERE zim_text_fts MATCH 'sagrado'") };
    expect(rows()).toBeGreaterThan(0);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v2/resources/${doomed}`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(rows()).toBe(0);
    // Its article «Canción» had «cancion» in its title, its article «La ceiba» «sagrado» in its text.
    expect(count("SELECT count(*) FROM zim_titles_fts WHERE zim_titles_fts MATCH 'cancion'")).toBe((before.titles as number) - 1);
    expect(count("SELECT count(*) FROM zim_text_fts WHERE zim_text_fts MATCH 'sagrado'")).toBe((before.text as number) - 1);
    expect(count(`SELECT count(*) FROM zim_search_index WHERE resource_id = ${doomed}`)).toBe(0);
  });

  it('answers a query with no word with an empty page, and an unknown library with 404', async () => {
    expect((await search({ q: '¿?' })).data).toEqual([]);
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/search', query: { q: 'cancion', library: '999999' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});
