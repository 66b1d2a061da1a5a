import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LibrarySchema, type Library } from '@kit/contract';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, contribWorld, errorCode, files, sha256, validDraft, type ContribWorld, type Who } from '../../../test/contrib-helper.ts';
import { pollFor } from '../../../test/helper.ts';
import { libraryDraft as libraryDraftOf, uploadLibrary } from '../../../test/library-upload.ts';
import { anotherCopy, libraryZim, wrongChecksum } from '../../../test/zim-tools.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { mediaPath } from '../../media/store.ts';

let dir: string;
/** a real ZIM, over the 1 MiB upload limit below: a library is bounded by the disk, not by that limit */
let good: Buffer;
let w: ContribWorld;
let api: ReturnType<typeof caller>;


beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zim-doors-'));
  // not compressible: makes the file larger than KIT_MAX_UPLOAD_MB
  good = await libraryZim(dir, [{ file: 'video.webm', content: randomBytes(1200 * 1024) }]);
  w = await contribWorld({ KIT_MAX_UPLOAD_MB: '1' });
  api = caller(w);
});

afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await w?.t.close();
});

const LIBRARY = 7;
const libraryDraft = (who: Who = 'admin') => libraryDraftOf(api, w, who);
const upload = (resourceId: number, bytes: Buffer) => uploadLibrary(api, resourceId, bytes);

const row = (id: number) =>
  w.t.app.db
    .prepare<[number], { status: string; status_reason: string | null; description: string; author: string; source: string; media_sha256: string | null; cover_sha256: string | null }>(
      'SELECT status, status_reason, description, author, source, media_sha256, cover_sha256 FROM resources WHERE id = ?',
    )
    .get(id);

const checked = (id: number, who: Who = 'admin') =>
  pollFor(`la comprobación del recurso ${id}`, 20, async () => {
    const library = (await api(who, 'GET', `/v2/libraries/${id}`)).json() as Library;
    return library.check.state === 'checking' ? null : library;
  });

/** A data folder's entries; none before the first file made it. */
const entries = (...parts: string[]): string[] => {
  const dir = path.join(w.t.dataDir, ...parts);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

/** Nothing of a refused file stays: no upload, no part file, no stored ZIM, no library row. */
const nothingKept = (id: number) => {
  expect(row(id)?.media_sha256).toBeNull();
  expect(entries('uploads')).toEqual([]);
  expect(entries('media').filter((name) => name.endsWith('.zim'))).toEqual([]);
  expect(w.t.app.db.prepare('SELECT count(*) AS n FROM zim_libraries WHERE resource_id = ?').get(id)).toEqual({ n: 0 });
};

/** A copy of the good file with `length` bytes at `at` replaced. */
const patched = (at: number, bytes: Buffer): Buffer => {
  const copy = Buffer.from(good);
  bytes.copy(copy, at);
  return copy;
};

describe('a ZIM through the upload door (POST /api/uploads, PATCH /api/uploads/{id})', () => {
  it('takes a good ZIM above the upload limit, fills the empty fields and the cover from its metadata, and checks its MD5 in the background', async () => {
    const id = await libraryDraft();
    const done = await upload(id, good);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ complete: true, resource: { id, mime: 'application/x-zim', size: good.length } });
    expect(row(id)).toMatchObject({ description: 'Páginas de prueba', author: 'Biblioteca del kit', source: 'Kit Portal', media_sha256: sha256(good) });
    expect(row(id)?.cover_sha256).not.toBeNull();
    expect(fs.readFileSync(mediaPath(w.t.dataDir, sha256(good), 'zim')).equals(good)).toBe(true);

    const library = await checked(id);
    expect(Value.Check(LibrarySchema, library)).toBe(true);
    expect(library).toMatchObject({ language: 'spa', creator: 'Biblioteca del kit', publisher: 'Kit Portal', size: good.length, check: { state: 'ok', percent: 100, reason: null } });
    expect(library.articleCount).toBeGreaterThanOrEqual(2);
    expect(library.mediaCount).toBeGreaterThanOrEqual(1);
    expect(row(id)?.status).toBe('draft');
  });

  it('bounds a library by the disk, not the upload limit: a file larger than the free space is refused with 507 DISK_FULL before a byte arrives', async () => {
    const id = await libraryDraft();
    const res = await api('admin', 'POST', '/uploads', { payload: { resourceId: id, size: 2 ** 50, name: 'enorme.zim' } });
    expect(res.statusCode, res.body).toBe(507);
    expect(errorCode(res)).toBe('DISK_FULL');
    expect(entries('uploads')).toEqual([]);
    // Any other type keeps the upload limit.
    const pdf = (await api('admin', 'POST', '/v2/resources', { payload: validDraft(w) })).json().id as number;
    expect(errorCode(await api('admin', 'POST', '/uploads', { payload: { resourceId: pdf, size: 2 * 1024 * 1024 } }))).toBe('UPLOAD_TOO_LARGE');
  });

  it('refuses a villager with 403 LIBRARY_ADMIN_ONLY, in Spanish, before anything is made', async () => {
    const res = await api('owner', 'POST', '/v2/resources', { payload: validDraft(w, { type: LIBRARY }) });
    expect(res.statusCode).toBe(403);
    expect(errorCode(res)).toBe('LIBRARY_ADMIN_ONLY');
    expect(res.json().error.message).toBe('Solo un administrador puede traer una biblioteca (archivo ZIM) al kit');
    const own = (await api('owner', 'POST', '/v2/resources', { payload: validDraft(w) })).json().id as number;
    const retype = await api('owner', 'PATCH', `/v2/resources/${own}`, { payload: { type: LIBRARY } });
    expect(errorCode(retype)).toBe('LIBRARY_ADMIN_ONLY');
  });

  it('offers «Biblioteca» among the upload types to admins only, as the refusal above says', async () => {
    for (const who of ['anonymous', 'owner'] as const) {
      const config = await api(who, 'GET', '/v2/uploads/config');
      expect(config.json().types, who).not.toContain(LIBRARY);
      expect(config.headers['cache-control']).toBe('private, no-store');
    }
    expect((await api('admin', 'GET', '/v2/uploads/config')).json().types).toContain(LIBRARY);
  });

  it('refuses a truncated ZIM with ZIM_TRUNCATED and keeps nothing', async () => {
    const id = await libraryDraft();
    const res = await upload(id, good.subarray(0, good.length - 1000));
    expect(res.statusCode, res.body).toBe(422);
    expect(errorCode(res)).toBe('ZIM_TRUNCATED');
    expect(res.json().error.message).toMatch(/incompleto/);
    nothingKept(id);
  });

  it('refuses a ZIM whose header points past its end with ZIM_BAD_OFFSET and keeps nothing', async () => {
    const id = await libraryDraft();
    const past = Buffer.alloc(8);
    past.writeBigUInt64LE(BigInt(good.length + 4096));
    // the path pointer list's position, at byte 32 of the header
    const res = await upload(id, patched(32, past));
    expect(errorCode(res)).toBe('ZIM_BAD_OFFSET');
    nothingKept(id);
  });

  it('refuses a file that is no ZIM (FILE_TYPE_MISMATCH) and a ZIM of an unknown version (ZIM_VERSION)', async () => {
    const pdf = files.pdf(2000, 1);
    const id = await libraryDraft();
    const notZim = await upload(id, pdf);
    expect(notZim.statusCode).toBe(415);
    expect(errorCode(notZim)).toBe('FILE_TYPE_MISMATCH');
    nothingKept(id);
    const version = await upload(id, patched(4, Buffer.from([9, 0])));
    expect(errorCode(version)).toBe('ZIM_VERSION');
    nothingKept(id);
  });

  it('holds back a ZIM whose MD5 does not match: blocked, with the reason for admins only', async () => {
    const id = await libraryDraft();
    const res = await upload(id, wrongChecksum(good));
    expect(res.statusCode, res.body).toBe(200);
    const library = await checked(id);
    expect(library.check).toMatchObject({ state: 'failed', reason: 'La suma de comprobación del archivo ZIM no coincide: la copia está dañada' });
    expect(row(id)).toMatchObject({ status: 'blocked', status_reason: 'La suma de comprobación del archivo ZIM no coincide: la copia está dañada' });
    expect(w.t.app.db.prepare('SELECT actor_id, action, from_status, to_status FROM resource_events WHERE resource_id = ?').all(id)).toEqual([
      { actor_id: null, action: 'block', from_status: 'draft', to_status: 'blocked' },
    ]);
    // Held back from the public: the resource is not there for anybody but admins.
    expect((await api('anonymous', 'GET', `/v2/libraries/${id}`)).statusCode).toBe(404);
    expect((await api('owner', 'GET', `/v2/resource/${id}`)).statusCode).toBe(404);
  });

  it('deleting a library removes its file, its cover and its check', async () => {
    const id = await libraryDraft();
    // its bytes are not shared with the other tests' resources
    const own = anotherCopy(good);
    expect((await upload(id, own)).statusCode).toBe(200);
    expect((await checked(id)).check.state).toBe('ok');
    const { cover_sha256: cover } = row(id) ?? {};
    const res = await api('admin', 'DELETE', `/v2/resources/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(fs.existsSync(mediaPath(w.t.dataDir, sha256(own), 'zim'))).toBe(false);
    const count = (sql: string, value: unknown) => (w.t.app.db.prepare(sql).get(value) as { n: number }).n;
    expect(count('SELECT count(*) AS n FROM media WHERE sha256 = ?', sha256(own))).toBe(0);
    // The cover is the ZIM's icon, content-addressed: it stays exactly while another library shows the same one.
    expect(count('SELECT count(*) AS n FROM media WHERE sha256 = ?', cover)).toBe(Math.min(1, count('SELECT count(*) AS n FROM resources WHERE cover_sha256 = ?', cover)));
    expect(w.t.app.db.prepare('SELECT count(*) AS n FROM zim_libraries WHERE resource_id = ?').get(id)).toEqual({ n: 0 });
  });
});

describe('the background check after a restart', () => {
  it('starts again at boot a check a stop cut short, and ends it', async () => {
    const id = await libraryDraft();
    expect((await upload(id, good)).statusCode).toBe(200);
    await checked(id);
    // As a stop mid-check leaves it.
    w.t.app.db.prepare("UPDATE zim_libraries SET check_state = 'checking', check_percent = 40 WHERE resource_id = ?").run(id);
    const config = loadConfig({ KIT_DATA_DIR: w.t.dataDir, KIT_WEB_DIR: path.join(w.t.dataDir, 'no-web'), KIT_RENDITIONS: 'false' });
    const again = await buildApp({ config, logger: false });
    try {
      await again.ready();
      const state = await pollFor('la comprobación retomada', 20, () => {
        const r = again.db.prepare<[number], { check_state: string }>('SELECT check_state FROM zim_libraries WHERE resource_id = ?').get(id);
        return r?.check_state === 'checking' ? null : r?.check_state;
      });
      expect(state).toBe('ok');
    } finally {
      await again.close();
    }
  });
});
