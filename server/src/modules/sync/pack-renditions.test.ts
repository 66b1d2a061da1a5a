import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { caller, contribWorld, multipart, validDraft, type ContribWorld } from '../../../test/contrib-helper.ts';
import { tempDir } from '../../../test/helper.ts';
import { addMedia } from '../../../test/library-fixtures.ts';
import { makeClip } from '../../../test/media-maker.ts';
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

/** A published video on `world`, its file uploaded through the API; its copies made when the world makes them. */
async function publishVideo(world: ContribWorld, file: string): Promise<number> {
  const api = caller(world);
  const id = (await api('owner', 'POST', '/v2/resources', { payload: validDraft(world, { type: 3 }) })).json().id as number;
  const sent = await api('owner', 'POST', `/v2/resources/${id}/file`, multipart([{ name: 'file', filename: 'video.mp4', data: fs.readFileSync(file) }]));
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

/** The kit's admin imports a pack through /admin/sync's route, as the page does. */
async function importIntoKit(pack: Buffer) {
  const res = await caller(kit)('admin', 'POST', '/v2/admin/sync/import?arrival=published&acceptUntrusted=true', {
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
const kitCopies = (title: string) =>
  kit.t.app.db
    .prepare<[string], { kind: string }>('SELECT d.kind FROM renditions d JOIN resources r ON r.media_sha256 = d.source_sha256 WHERE r.title = ? ORDER BY d.kind')
    .all(title)
    .map((r) => r.kind);

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
});
