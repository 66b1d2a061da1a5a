import fs from 'node:fs';
import path from 'node:path';
import type { Library } from '@kit/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, tempDir, type TestApp } from '../../../test/helper.ts';
import { valleyZim } from '../../../test/valley-zim.ts';
import { addMedia, addResource } from '../../../test/library-fixtures.ts';
import { anotherCopy, illustrationPng, zimwriterfs } from '../../../test/zim-tools.ts';
import { addLibrary, allIndexed } from '../../../test/zim-search-fixtures.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, type Db } from '../../db/connection.ts';
import { mediaPath } from '../../media/store.ts';
import { inspectZim, recordLibrary } from '../libraries/libraries.service.ts';
import { dropLibraryRows, type ArticleIndexOptions } from './article-index.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/** The background index of libraries' articles (docs/API-contributions.md#bibliotecas-zim): a stop resumes it. */

const zimDir = tempDir('kit-index-zim-');
const dataDir = tempDir('kit-index-resume-');
const secondDataDir = tempDir('kit-index-order-');
let zim: Buffer;
let oneGo: TestApp;

/** Small batches: the valley's few entries take several. Each committed batch is noted as "phase position done". */
const batches = (seen: string[]): ArticleIndexOptions => ({ titleBatch: 2, textBatch: 1, onBatch: (at) => seen.push(`${at.phase} ${at.position} ${at.done}`) });

/** Everything the index holds: the titles' rows, and every word of the text index at its article and place. */
function indexOf(db: Db) {
  db.exec('CREATE VIRTUAL TABLE IF NOT EXISTS temp.text_words USING fts5vocab(main, zim_text_fts, instance)');
  return {
    titles: db.prepare('SELECT id, resource_id, entry, redirect, name, path, title FROM zim_titles ORDER BY id').all(),
    words: db.prepare('SELECT w.term, t.path, w.offset FROM temp.text_words w JOIN zim_titles t ON t.id = w.doc ORDER BY t.path, w.offset').all(),
    state: db.prepare('SELECT resource_id, phase, position, total, done FROM zim_search_index').all(),
  };
}

let oneGoBatches: string[];

beforeAll(async () => {
  zim = await valleyZim(zimDir);
  oneGoBatches = [];
  oneGo = await buildTestApp({}, { articleIndex: batches(oneGoBatches) });
  await addLibrary(oneGo.app, oneGo.dataDir, 'Enciclopedia del valle', zim);
  await allIndexed(oneGo.app);
});
afterAll(async () => {
  await oneGo.close();
  fs.rmSync(zimDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(secondDataDir, { recursive: true, force: true });
});

describe('the article index in the background', () => {
  it('continues from the position the stop saved, never again from the start, and ends with the index built in one go', async () => {
    const config = loadConfig({ KIT_DATA_DIR: dataDir, KIT_WEB_DIR: path.join(dataDir, 'no-web'), KIT_RENDITIONS: 'false' });
    const before: string[] = [];
    let stopping: Promise<void> | undefined;
    const first: FastifyInstance = await buildApp({
      config,
      logger: false,
      // The kit is switched off right after the first batch committed.
      articleIndex: { ...batches(before), onBatch: (at) => {
        before.push(`${at.phase} ${at.position} ${at.done}`);
        stopping ??= first.close();
      } },
    });
    await first.ready();
    await addLibrary(first, dataDir, 'Enciclopedia del valle', zim);
    await first.libraryChecks.idle();
    await first.articleIndex.idle();
    await stopping;
    expect(before.length).toBeGreaterThan(0);
    expect(before.length).toBeLessThan(oneGoBatches.length);

    const after: string[] = [];
    const second = await buildApp({ config, logger: false, articleIndex: batches(after) });
    await second.ready();
    await second.articleIndex.idle();
    // The batches of both runs, one after the other, are those of one run: none done twice, none skipped.
    expect([...before, ...after]).toEqual(oneGoBatches);
    expect(indexOf(second.db)).toEqual(indexOf(oneGo.app.db));
    expect(indexOf(second.db).words.length).toBeGreaterThan(10);
    await second.close();
  });

  it('ends as failed, once, the index of a file it cannot open, and says so on the library', async () => {
    const { app, dataDir: oneGoDir } = oneGo;
    const bytes = anotherCopy(zim);
    const sha = addMedia(app.db, oneGoDir, bytes, 'zim', 'application/x-zim');
    const id = addResource(app.db, { title: 'Biblioteca perdida', type: 7, media: sha });
    recordLibrary(app.db, id, sha, await inspectZim(mediaPath(oneGoDir, sha, 'zim')));
    // Checked, then the card lost the file.
    app.db.prepare("UPDATE zim_libraries SET check_state = 'ok', check_percent = 100 WHERE resource_id = ?").run(id);
    fs.rmSync(mediaPath(oneGoDir, sha, 'zim'));
    app.articleIndex.wake();
    await app.articleIndex.idle();
    const library = (await app.inject({ method: 'GET', url: `/api/v2/libraries/${id}` })).json() as Library;
    expect(library.index).toEqual({ state: 'failed', percent: 0 });
  }, 20_000);

  it('after a restart finishes the index a stop cut short before starting another, so each library keeps neighbouring ids', async () => {
    const config = loadConfig({ KIT_DATA_DIR: secondDataDir, KIT_WEB_DIR: path.join(secondDataDir, 'no-web'), KIT_RENDITIONS: 'false' });
    let stopping: Promise<void> | undefined;
    const first: FastifyInstance = await buildApp({ config, logger: false, articleIndex: { titleBatch: 2, onBatch: () => (stopping ??= first.close()) } });
    await first.ready();
    // A lower id whose check has not run yet…
    const bytes = anotherCopy(zim);
    const sha = addMedia(first.db, secondDataDir, bytes, 'zim', 'application/x-zim');
    const waiting = addResource(first.db, { title: 'Enciclopedia en espera', type: 7, media: sha });
    recordLibrary(first.db, waiting, sha, await inspectZim(mediaPath(secondDataDir, sha, 'zim')));
    // …and a library whose index the stop cuts after its first batch.
    const cut = await addLibrary(first, secondDataDir, 'Enciclopedia cortada', zim);
    await first.libraryChecks.idle();
    await first.articleIndex.idle();
    await stopping;
    // The first library's check passed while the kit was off (as if it had ended just before the stop).
    const db = openDatabase(path.join(secondDataDir, 'portal.db'));
    db.prepare("UPDATE zim_libraries SET check_state = 'ok', check_percent = 100 WHERE resource_id = ?").run(waiting);
    db.close();

    const order: number[] = [];
    const second = await buildApp({ config, logger: false, articleIndex: { titleBatch: 2, onBatch: (at) => order.push(at.resource_id) } });
    await second.ready();
    await second.articleIndex.idle();
    expect(order[0]).toBe(cut);
    expect(order.at(-1)).toBe(waiting);
    for (const id of [cut, waiting]) {
      const span = second.db.prepare<[number], { rows: number; ids: number }>('SELECT count(*) AS rows, max(id) - min(id) + 1 AS ids FROM zim_titles WHERE resource_id = ?').get(id);
      expect(span?.rows).toBeGreaterThan(0);
      expect(span?.ids, `ids of library ${id}`).toBe(span?.rows);
    }
    await second.close();
  });

  it("indexes a redirect under its own words, with its words counted, and leaves out one that only drops its target's accents or capitals", async () => {
    const dir = tempDir('kit-index-redirects-');
    const refresh = (to: string, title: string) => `<html><head><meta http-equiv="refresh" content="0;url=${to}"><title>${title}</title></head><body></body></html>`;
    const file = await zimwriterfs(
      dir,
      [
        { file: 'index.html', content: '<html><head><title>Portada</title></head><body><a href="cancion.html">Canción</a></body></html>' },
        { file: 'cancion.html', content: '<html><head><title>Canción del río</title></head><body><p>Se canta.</p></body></html>' },
        { file: 'sin-acentos.html', content: refresh('cancion.html', 'CANCION DEL RIO') },
        { file: 'cuna.html', content: refresh('cancion.html', 'Canción de cuna del río') },
        { file: 'img.png', content: illustrationPng() },
      ],
      { welcome: 'index.html', illustration: 'img.png', title: 'Cancionero' },
    );
    const t = await buildTestApp();
    try {
      const id = await addLibrary(t.app, t.dataDir, 'Cancionero', fs.readFileSync(file));
      await allIndexed(t.app);
      expect(t.app.db.prepare('SELECT name, redirect, words FROM zim_titles WHERE resource_id = ? ORDER BY name').all(id)).toEqual([
        { name: 'Canción de cuna del río', redirect: 1, words: 5 },
        { name: 'Canción del río', redirect: 0, words: 3 },
        { name: 'Portada', redirect: 0, words: 1 },
      ]);
    } finally {
      await t.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("removes one library's rows a batch per transaction, the event loop free between, and its index entries with them", async () => {
    const db = oneGo.app.db;
    const kept = db.prepare<[], number>('SELECT DISTINCT resource_id FROM zim_titles').pluck().all();
    const gone = await addLibrary(oneGo.app, oneGo.dataDir, 'Enciclopedia repetida', anotherCopy(zim));
    await allIndexed(oneGo.app);
    const rowsOf = (id: number) => db.prepare<[number], number>('SELECT count(*) FROM zim_titles WHERE resource_id = ?').pluck().get(id) ?? 0;
    const before = { gone: rowsOf(gone), kept: kept.map(rowsOf) };
    expect(before.gone).toBeGreaterThan(2);

    // What another request would see, looked at every turn of the event loop while the rows go.
    const seen: number[] = [];
    let dropping = true;
    const look = () => {
      seen.push(rowsOf(gone));
      if (dropping) setImmediate(look);
    };
    setImmediate(look);
    await dropLibraryRows(db, gone, 1);
    dropping = false;
    // the last look scheduled runs before this turn ends
    await new Promise((resolve) => setImmediate(resolve));
    expect(new Set(seen.filter((n) => n > 0 && n < before.gone)).size).toBeGreaterThan(1);
    expect(rowsOf(gone)).toBe(0);
    expect(kept.map(rowsOf)).toEqual(before.kept);
    // Found by title and by text only in the libraries that stay.
    // A title's rowid is its rank key, (words << 40) | id (migration 0018); a text's is the title's id.
    const ids = (table: string, word: string) => db.prepare<[string], number>(`SELECT rowid & 1099511627775 FROM ${table} WHERE ${table} MATCH ?`).pluck().all(word);
    const owners = (rowids: number[]) => new Set(rowids.map((id) => db.prepare<[number], number>('SELECT resource_id FROM zim_titles WHERE id = ?').pluck().get(id)));
    for (const [table, word] of [['zim_titles_fts', 'ceiba'], ['zim_text_fts', 'tambor']] as const) {
      const found = ids(table, word);
      expect(found.length, `${table} ${word}`).toBeGreaterThan(0);
      expect(owners(found)).toEqual(new Set(kept));
    }
  });
});
