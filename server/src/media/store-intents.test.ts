import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contribWorld, files, validDraft } from '../../test/contrib-helper.ts';
import { tempDir } from '../../test/helper.ts';
import { addMedia, addResource } from '../../test/library-fixtures.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { partPath } from '../modules/uploads/upload-files.ts';
import { abandonPlacement, intentsDir, placeInStore, reconcileStore } from './store-intents.ts';
import { mediaPath, mediaRoot } from './store.ts';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function store() {
  const dataDir = tempDir('kit-store-');
  dirs.push(dataDir);
  const db = openDatabase(path.join(dataDir, 'portal.db'));
  migrate(db);
  return { dataDir, db };
}

/** A file put straight into media/<aa>/, as a cut write leaves it. */
function strayFile(dataDir: string, bytes: Buffer, ext: string): string {
  const file = mediaPath(dataDir, sha(bytes), ext);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  return file;
}

/** An upload's finished .part in the store's folder, placed in the store (which writes the placement's intent first). */
async function placePart(dataDir: string, bytes: Buffer) {
  const source = path.join(dataDir, 'fuente.part');
  fs.writeFileSync(source, bytes);
  return { source, placed: await placeInStore(dataDir, source, sha(bytes), 'pdf') };
}

describe('reconcileStore (at start)', () => {
  it('deletes the stored files no media row names, and nothing else', () => {
    const { dataDir, db } = store();
    const used = addMedia(db, dataDir, Buffer.from('%PDF-1.4 usado por un recurso'), 'pdf', 'application/pdf');
    addResource(db, { title: 'Con archivo', media: used });
    const unused = addMedia(db, dataDir, Buffer.from('%PDF-1.4 con fila, sin recurso'), 'pdf', 'application/pdf');
    const orphan = strayFile(dataDir, Buffer.from('%PDF-1.4 huérfano'), 'pdf');
    // Same bytes as a row, another extension: nothing serves it.
    const otherExt = strayFile(dataDir, Buffer.from('%PDF-1.4 usado por un recurso'), 'bin');
    const notAddressed = path.join(path.dirname(orphan), 'notas.txt');
    fs.writeFileSync(notAddressed, 'no es un nombre del almacén');
    fs.mkdirSync(path.join(mediaRoot(dataDir), 'tmp'), { recursive: true });
    fs.mkdirSync(path.join(mediaRoot(dataDir), 'otra-cosa'));
    const outside = path.join(mediaRoot(dataDir), 'otra-cosa', `${'a'.repeat(64)}.pdf`);
    fs.writeFileSync(outside, 'fuera de las carpetas del almacén');

    expect(reconcileStore(db, dataDir)).toEqual({ intents: 0, removed: 2 });
    expect(fs.existsSync(orphan)).toBe(false);
    expect(fs.existsSync(otherExt)).toBe(false);
    for (const kept of [mediaPath(dataDir, used, 'pdf'), mediaPath(dataDir, unused, 'pdf'), notAddressed, outside]) expect(fs.existsSync(kept), kept).toBe(true);
    db.close();
  });

  it('settles a placement a kill cut before its commit: the linked file goes, its source keeps every byte', async () => {
    const { dataDir, db } = store();
    const bytes = files.pdf(50_000, 3);
    const { source, placed } = await placePart(dataDir, bytes);
    expect(placed.linked).toBe(true);
    expect(fs.readdirSync(intentsDir(dataDir))).toHaveLength(1);
    // (killed here: no rows were committed)
    expect(reconcileStore(db, dataDir)).toEqual({ intents: 1, removed: 0 });
    expect(fs.existsSync(mediaPath(dataDir, sha(bytes), 'pdf'))).toBe(false);
    expect(fs.readdirSync(intentsDir(dataDir))).toEqual([]);
    expect(fs.readFileSync(source).equals(bytes)).toBe(true);
    db.close();
  });

  it('keeps a placed file whose rows were committed, even when the intent outlived the commit', async () => {
    const { dataDir, db } = store();
    const bytes = files.pdf(20_000, 4);
    await placePart(dataDir, bytes);
    db.prepare("INSERT INTO media (sha256, ext, mime, size) VALUES (?, 'pdf', 'application/pdf', ?)").run(sha(bytes), bytes.length);
    expect(reconcileStore(db, dataDir)).toEqual({ intents: 1, removed: 0 });
    expect(fs.readFileSync(mediaPath(dataDir, sha(bytes), 'pdf')).equals(bytes)).toBe(true);
    db.close();
  });
});

describe('abandonPlacement', () => {
  it('removes only a file it linked itself, never bytes the store already had', async () => {
    const { dataDir, db } = store();
    const bytes = files.pdf(10_000, 5);
    const had = addMedia(db, dataDir, bytes, 'pdf', 'application/pdf');
    const { placed } = await placePart(dataDir, bytes);
    expect(placed.linked).toBe(false);
    db.prepare('DELETE FROM media WHERE sha256 = ?').run(had);
    abandonPlacement(db, dataDir, placed);
    expect(fs.existsSync(mediaPath(dataDir, had, 'pdf'))).toBe(true);
    expect(fs.readdirSync(intentsDir(dataDir))).toEqual([]);
    db.close();
  });
});

describe('an upload whose finish a kill cut', () => {
  it('is whole after the restart: HEAD says every byte is there, and an empty PATCH at the end finishes it', async () => {
    const w = await contribWorld();
    const { dataDir } = w.t;
    const auth = { authorization: `Bearer ${w.tokens.owner}` };
    const draft = (await w.t.app.inject({ method: 'POST', url: '/api/v2/resources', headers: auth, payload: validDraft(w) })).json().id as number;
    const pdf = files.pdf(80_000, 6);
    const upload = (await w.t.app.inject({ method: 'POST', url: '/api/uploads', headers: auth, payload: { resourceId: draft, size: pdf.length, name: 'libro.pdf' } })).json().id as string;
    // Every byte arrived and was acknowledged; the finish got as far as linking the file into the store.
    fs.writeFileSync(partPath(dataDir, upload), pdf);
    await placeInStore(dataDir, partPath(dataDir, upload), sha(pdf), 'pdf');
    await w.t.app.close();

    const config = loadConfig({ KIT_DATA_DIR: dataDir, KIT_WEB_DIR: path.join(dataDir, 'no-web') });
    const app = await buildApp({ config, logger: false });
    try {
      expect(fs.existsSync(mediaPath(dataDir, sha(pdf), 'pdf'))).toBe(false);
      const head = await app.inject({ method: 'HEAD', url: `/api/uploads/${upload}`, headers: auth });
      expect(head.headers['upload-offset']).toBe(String(pdf.length));
      const done = await app.inject({ method: 'PATCH', url: `/api/uploads/${upload}`, headers: { ...auth, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(pdf.length) }, payload: Buffer.alloc(0) });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ complete: true, resource: { id: draft, size: pdf.length } });
      expect(fs.readFileSync(mediaPath(dataDir, sha(pdf), 'pdf')).equals(pdf)).toBe(true);
      expect(fs.existsSync(partPath(dataDir, upload))).toBe(false);
      expect(fs.readdirSync(intentsDir(dataDir))).toEqual([]);
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
