import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { caller, contribWorld, multipart, validDraft, type ContribWorld } from '../../../test/contrib-helper.ts';
import { tempDir } from '../../../test/helper.ts';
import { addMedia } from '../../../test/library-fixtures.ts';
import { makeClip, makePhoto } from '../../../test/media-maker.ts';
import { planPack, writePack } from './pack-export.ts';
import { loadOrCreateKitKey } from './sync-keys.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });

/*
 * Packs carry phone copies (docs/SYNC.md): a hub prepares a video once and
 * the kits that import its pack serve the copy without encoding anything; a
 * pack without copies (from a kit that made none, or an older pack) still
 * imports, and the importing kit queues its own job.
 */

let hub: ContribWorld;
let plain: ContribWorld;
let kit: ContribWorld;
let dir: string;

/** A published video (or picture) on `world`, its file uploaded through the API; its copies made when the world makes them. */
async function publishVideo(world: ContribWorld, file: string, type = 3): Promise<number> {
  const api = caller(world);
  const id = (await api('owner', 'POST', '/v2/resources', { payload: validDraft(world, { type }) })).json().id as number;
  const sent = await api('owner', 'POST', `/v2/resources/${id}/file`, multipart([{ name: 'file', filename: path.basename(file), data: fs.readFileSync(file) }]));
  expect(sent.statusCode, sent.body).toBe(200);
  world.t.app.db.prepare("UPDATE resources SET status = 'published', published_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?").run(id);
  await world.t.app.renditions.whenIdle();
  return id;
}

async function packOf(world: ContribWorld): Promise<Buffer> {
  const plan = planPack(world.t.app.db, loadOrCreateKitKey(world.t.dataDir), 'centro.kit', null);
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await writePack(world.t.dataDir, plan, out, () => undefined);
  out.end();
  return Buffer.concat(chunks);
}

/** The kit's admin (or another world's) imports a pack through /admin/sync's route, as the page does. */
async function importIntoKit(pack: Buffer, into = kit) {
  const res = await caller(into)('admin', 'POST', '/v2/admin/sync/import?arrival=published&acceptUntrusted=true', {
    payload: pack,
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { added: number };
}

const kitJob = (title: string) =>
  kit.t.app.db
    .prepare<[string], { state: string; attempts: number }>('SELECT j.state, j.attempts FROM rendition_jobs j JOIN resources r ON r.media_sha256 = j.source_sha256 WHERE r.title = ?')
    .get(title);
const kitCopies = (title: string, world = kit) =>
  world.t.app.db
    .prepare<[string], { kind: string }>('SELECT d.kind FROM renditions d JOIN resources r ON r.media_sha256 = d.source_sha256 WHERE r.title = ? ORDER BY d.kind')
    .all(title)
    .map((r) => r.kind);

const mediaOf = (world: ContribWorld, id: number) => (world.t.app.db.prepare('SELECT media_sha256 FROM resources WHERE id = ?').get(id) as { media_sha256: string }).media_sha256;
const copiesOfFile = (world: ContribWorld, sha: string) =>
  world.t.app.db
    .prepare<[string], { kind: string }>('SELECT kind FROM renditions WHERE source_sha256 = ? ORDER BY kind')
    .all(sha)
    .map((r) => r.kind);

/** The exporting world's copies of SHA are made (its queue may still be starting the job). */
async function copiesMade(world: ContribWorld, sha: string, kinds: string[]): Promise<void> {
  await vi.waitFor(
    async () => {
      await world.t.app.renditions.whenIdle();
      expect(copiesOfFile(world, sha)).toEqual(kinds);
    },
    { timeout: 60_000, interval: 50 },
  );
}

beforeAll(async () => {
  dir = tempDir('kit-pack-renditions-');
  [hub, plain, kit] = await Promise.all([
    contribWorld({ KIT_RENDITIONS: 'true', KIT_RENDITION_THREADS: '1' }),
    contribWorld({ KIT_RENDITIONS: 'false' }),
    contribWorld({ KIT_RENDITIONS: 'true', KIT_RENDITION_THREADS: '1' }),
  ]);
});

afterAll(async () => {
  await Promise.all([hub, plain, kit].filter(Boolean).map((w) => w.t.close()));
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('packs and phone copies', () => {
  it("a hub's pack carries the copies: the kit serves them at once and encodes nothing", async () => {
    const id = await publishVideo(hub, await makeClip(path.join(dir, 'centro.mp4'), { width: 1280, height: 720, seconds: 1, bitrate: '4M' }));
    hub.t.app.db.prepare("UPDATE resources SET title = 'Del centro' WHERE id = ?").run(id);
    expect(await importIntoKit(await packOf(hub))).toMatchObject({ added: 1 });

    expect(kitJob('Del centro')).toEqual({ state: 'done', attempts: 0 });
    expect(kitCopies('Del centro')).toEqual(['poster', 'video']);
    const resourceId = (kit.t.app.db.prepare("SELECT id FROM resources WHERE title = 'Del centro'").get() as { id: number }).id;
    const page = (await caller(kit)('anonymous', 'GET', `/v2/resource/${resourceId}`)).json() as { renditions: { kind: string; url: string }[] };
    const video = page.renditions.find((r) => r.kind === 'video');
    const served = await caller(kit)('anonymous', 'GET', (video?.url ?? '').replace(/^\/api/, ''));
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');
  });

  it('a pack without copies still imports, and the kit queues and makes its own', async () => {
    const id = await publishVideo(plain, await makeClip(path.join(dir, 'sencillo.mp4'), { width: 1280, height: 720, seconds: 1, bitrate: '3M' }));
    plain.t.app.db.prepare("UPDATE resources SET title = 'Sin copias' WHERE id = ?").run(id);
    expect(await importIntoKit(await packOf(plain))).toMatchObject({ added: 1 });

    expect(kitJob('Sin copias')?.state).toMatch(/^(pending|running)$/);
    await kit.t.app.renditions.whenIdle();
    expect(kitJob('Sin copias')).toEqual({ state: 'done', attempts: 1 });
    expect(kitCopies('Sin copias')).toEqual(['poster', 'video']);
  });

  it('a copy whose bytes are not what its kind must be is not taken (a page that claims to be a poster): the kit makes its own', async () => {
    const id = await publishVideo(hub, await makeClip(path.join(dir, 'falsa.mp4'), { width: 640, height: 360, seconds: 1, bitrate: '2M' }));
    hub.t.app.db.prepare("UPDATE resources SET title = 'Con copia falsa' WHERE id = ?").run(id);
    // The hub's record says its poster is this WebP; its bytes are a page with a script.
    const page = Buffer.from('<!doctype html><html><body><script>fetch("/api/v2/admin/users.csv")</script></body></html>');
    const fake = addMedia(hub.t.app.db, hub.t.dataDir, page, 'webp', 'image/webp');
    hub.t.app.db.prepare("UPDATE renditions SET media_sha256 = ? WHERE kind = 'poster' AND source_sha256 = (SELECT media_sha256 FROM resources WHERE id = ?)").run(fake, id);
    expect(await importIntoKit(await packOf(hub))).toMatchObject({ added: 1 });

    expect(kit.t.app.db.prepare('SELECT 1 FROM media WHERE sha256 = ?').get(fake)).toBeUndefined();
    expect(kitJob('Con copia falsa')?.state).toMatch(/^(pending|running)$/);
    await kit.t.app.renditions.whenIdle();
    expect(kitCopies('Con copia falsa')).toEqual(['poster', 'video']);
    const poster = kit.t.app.db
      .prepare<[string], { mime: string }>("SELECT m.mime FROM renditions d JOIN media m ON m.sha256 = d.media_sha256 JOIN resources r ON r.media_sha256 = d.source_sha256 WHERE r.title = ? AND d.kind = 'poster'")
      .get('Con copia falsa');
    expect(poster?.mime).toBe('image/webp');
  });

  it("a pack cannot set the copies of a file the kit had already: another resource using it keeps what it had, not the pack's video", async () => {
    // The kit (copies off here, so its file has none yet) publishes a video; someone else's pack brings a resource with the same file.
    const clip = await makeClip(path.join(dir, 'del-kit.mp4'), { width: 640, height: 360, seconds: 1, bitrate: '2M' });
    const own = await publishVideo(plain, clip);
    const source = mediaOf(plain, own);
    const theirs = await publishVideo(hub, clip);
    hub.t.app.db.prepare("UPDATE resources SET title = 'Mismo archivo' WHERE id = ?").run(theirs);
    await copiesMade(hub, source, ['poster', 'video']);
    // The pack's video copy of that file is another film: a real MP4, so only where it may go can stop it.
    const other = fs.readFileSync(await makeClip(path.join(dir, 'otra-pelicula.mp4'), { width: 320, height: 180, seconds: 1, bitrate: '500k' }));
    const planted = addMedia(hub.t.app.db, hub.t.dataDir, other, 'mp4', 'video/mp4');
    hub.t.app.db.prepare("UPDATE renditions SET media_sha256 = ? WHERE kind = 'video' AND source_sha256 = ?").run(planted, source);

    expect(await importIntoKit(await packOf(hub), plain)).toMatchObject({ added: expect.any(Number) });
    expect(copiesOfFile(plain, source)).toEqual([]);
    expect(plain.t.app.db.prepare('SELECT 1 FROM media WHERE sha256 = ?').get(planted)).toBeUndefined();
    const page = (await caller(plain)('anonymous', 'GET', `/v2/resource/${own}`)).json() as { renditions: { url: string }[] };
    expect(page.renditions.map((r) => r.url).join(' ')).not.toContain(planted);
  });

  it('a copy of a kind its file does not get (a video for a picture) is not taken: the kit makes the picture its own copy', async () => {
    const id = await publishVideo(hub, await makePhoto(path.join(dir, 'foto.jpg'), 800, 600), 1);
    hub.t.app.db.prepare("UPDATE resources SET title = 'Foto con video' WHERE id = ?").run(id);
    const photo = mediaOf(hub, id);
    await copiesMade(hub, photo, ['image']);
    const clip = fs.readFileSync(await makeClip(path.join(dir, 'para-la-foto.mp4'), { width: 256, height: 144, seconds: 1, bitrate: '400k' }));
    const planted = addMedia(hub.t.app.db, hub.t.dataDir, clip, 'mp4', 'video/mp4');
    hub.t.app.db.prepare("INSERT INTO renditions (source_sha256, kind, media_sha256, width, height, bitrate) VALUES (?, 'video', ?, 256, 144, 400000)").run(photo, planted);

    await importIntoKit(await packOf(hub));
    expect(copiesOfFile(kit, photo)).not.toContain('video');
    await kit.t.app.renditions.whenIdle();
    expect(kitCopies('Foto con video')).toEqual(['image']);
  });
});
