/**
 * Active content through every door into the media store (docs/ARCHITECTURE.md,
 * "Ways in"): an HTML file and an SVG file, named and labelled as what they
 * are or as a picture, go through each door in turn. A door either refuses
 * them or keeps them as a download; none ever serves them back inline as a
 * page or a picture, and every answer that serves a stored file carries
 * nosniff and a CSP sandbox without scripts.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { ingestLocalFile, UnknownFileTypeError } from '../../src/media/ingest.ts';
import { mediaPath } from '../../src/media/store.ts';
import { planPack, writePack } from '../../src/modules/sync/pack-export.ts';
import { loadOrCreateKitKey } from '../../src/modules/sync/sync-keys.ts';
import { buildTestApp, createUser, login, tempDir, type TestApp } from '../helper.ts';
import { addCategory, addMedia, addResource } from '../library-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });

interface Payload {
  label: string;
  bytes: (door: string) => Buffer;
  /** what the sender says it is */
  name: string;
  ext: string;
  claim: string;
}

const PAYLOADS: Payload[] = [
  {
    label: 'an HTML page',
    bytes: (door) => Buffer.from(`<!doctype html><html><body><script>fetch('/api/v2/admin/users.csv')</script><!-- ${door} --></body></html>`),
    name: 'pagina.html',
    ext: 'html',
    claim: 'text/html',
  },
  {
    label: 'an SVG drawing',
    bytes: (door) => Buffer.from(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><!-- ${door} --></svg>`),
    name: 'dibujo.svg',
    ext: 'svg',
    claim: 'image/svg+xml',
  },
  {
    label: 'an HTML page named as a picture',
    bytes: (door) => Buffer.from(`<html><script>alert(document.domain)</script><!-- ${door} --></html>`),
    name: 'foto.png',
    ext: 'png',
    claim: 'image/png',
  },
];

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const dataDir = tempDir('kit-doors-');
let kit: FastifyInstance;
let source: TestApp;
let sourceBase = '';
let admin: Record<string, string>;
let user: Record<string, string>;
const ids = { draft: 0, ad: 0, user: 0 };

async function openKit(): Promise<void> {
  kit = await buildApp({ config: loadConfig({ KIT_DATA_DIR: dataDir, KIT_WEB_DIR: path.join(dataDir, 'no-web'), KIT_SYNC_FEED_URL: `${sourceBase}/hub/feed.json`, KIT_SYNC_INTERVAL_HOURS: '0' }), logger: false });
  await kit.ready();
  admin = { authorization: `Bearer ${(await login(kit, 'jefa', 'secreto-jefa')).token}`, 'x-requested-with': 'kit-portal' };
  user = { authorization: `Bearer ${(await login(kit, 'rosa', 'secreto-rosa')).token}` };
}

function multipart(bytes: Buffer, name: string, claim: string) {
  const boundary = 'KitDoorBoundary';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${claim}\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

async function runJob(app: FastifyInstance, headers: Record<string, string>, url: string, body: unknown = {}): Promise<{ state: string; message: string | null }> {
  const started = await app.inject({ method: 'POST', url, headers, payload: body as object });
  expect(started.statusCode, started.body).toBe(202);
  for (;;) {
    const { job } = (await app.inject({ method: 'GET', url: '/api/v2/admin/sync/status', headers })).json() as { job: { state: string; message: string | null } };
    if (job.state !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A's library, as a signed pack of one category: its rows carry the types they claim. */
async function packOf(app: TestApp, categoryId: number): Promise<Buffer> {
  const globalId = (app.app.db.prepare('SELECT global_id FROM categories WHERE id = ?').get(categoryId) as { global_id: string }).global_id;
  const plan = planPack(app.app.db, loadOrCreateKitKey(app.dataDir), 'a.kit', [globalId]);
  expect(plan.manifest.files.map((f) => f.mime)).toEqual(expect.arrayContaining(PAYLOADS.map((p) => p.claim)));
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await writePack(app.dataDir, plan, out, () => undefined);
  out.end();
  return Buffer.concat(chunks);
}

/** Source kit A: for the pack and hub doors, a resource per payload whose rows claim the payload's type. */
function claimedLibrary(app: TestApp, door: string): number {
  const category = addCategory(app.app.db, `Puerta ${door}`);
  for (const p of PAYLOADS) {
    const media = addMedia(app.app.db, app.dataDir, p.bytes(door), p.ext, p.claim);
    addResource(app.app.db, { title: `${p.label} (${door})`, type: 2, category, media, cover: media });
  }
  return category;
}

beforeAll(async () => {
  source = await buildTestApp();
  await source.app.listen({ port: 0, host: '127.0.0.1' });
  sourceBase = `http://127.0.0.1:${(source.app.server.address() as AddressInfo).port}`;
  await createUser(source.app, 'jefa', 'secreto-jefa', { admin: true });

  kit = await buildApp({ config: loadConfig({ KIT_DATA_DIR: dataDir, KIT_WEB_DIR: path.join(dataDir, 'no-web') }), logger: false });
  await kit.ready();
  await createUser(kit, 'jefa', 'secreto-jefa', { admin: true });
  ids.user = await createUser(kit, 'rosa', 'secreto-rosa');
  await kit.close();
  await openKit();
  const category = addCategory(kit.db, 'Cuentos');
  const draft = await kit.inject({ method: 'POST', url: '/api/v2/resources', headers: user, payload: { title: 'Cuentos del valle', type: 2, content_type_id: category, rights_declared: true } });
  ids.draft = (draft.json() as { id: number }).id;
  const ad = await kit.inject({ method: 'POST', url: '/api/v2/ads', headers: user, payload: { title: 'Vendo papas', text: 'Papas nativas de la chacra', contact: '987654321', category: 'venta', expiresInDays: 30 } });
  ids.ad = (ad.json() as { id: number }).id;
}, 240_000);

afterAll(async () => {
  await kit.close();
  await source.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Every answer the kit serves these bytes with (as an admin, who may see everything), by every address that serves them. */
async function servings(bytes: Buffer): Promise<LightMyRequestResponse[]> {
  const row = kit.db.prepare('SELECT sha256, ext FROM media WHERE sha256 = ?').get(sha(bytes)) as { sha256: string; ext: string } | undefined;
  if (!row) return [];
  const urls = [`/api/media/${row.sha256}.${row.ext}`, `/api/media/${row.sha256}.${row.ext}?download=1`];
  for (const r of kit.db.prepare('SELECT id FROM resources WHERE media_sha256 = ?').all(row.sha256) as { id: number }[]) urls.push(`/api/v2/resource/${r.id}/media`);
  for (const u of kit.db.prepare('SELECT id FROM users WHERE image_sha256 = ?').all(row.sha256) as { id: number }[]) urls.push(`/api/v2/users/${u.id}/image`);
  const answers: LightMyRequestResponse[] = [];
  for (const url of urls) answers.push(await kit.inject({ method: 'GET', url, headers: admin }));
  return answers;
}

/** Nothing of these bytes comes back as a page or a picture; what comes back is a download. */
async function expectNeverActive(bytes: Buffer, where: string): Promise<void> {
  for (const res of await servings(bytes)) {
    const label = `${where}: ${res.raw.req.url}`;
    if (res.statusCode === 404) continue;
    expect(res.statusCode, label).toBe(200);
    expect(res.headers['content-type'], label).toBe('application/octet-stream');
    expect(res.headers['content-disposition'], label).toMatch(/^attachment;/);
    expect(res.headers['x-content-type-options'], label).toBe('nosniff');
    expect(res.headers['content-security-policy'], label).toMatch(/^sandbox\b/);
    expect(res.headers['content-security-policy'], label).not.toContain('allow-scripts');
  }
  const stored = kit.db.prepare('SELECT mime, ext FROM media WHERE sha256 = ?').get(sha(bytes)) as { mime: string; ext: string } | undefined;
  if (stored) expect(stored, where).toEqual({ mime: 'application/octet-stream', ext: 'bin' });
}

type Door = { door: string; outcome: 'refused' | 'kept as a download'; send: (p: Payload, bytes: Buffer) => Promise<void> };

const refusedWith = (status: number) => (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(status);
};

/** A door taking one file in a multipart POST to URL with WHO's headers (both read when it is used): it refuses the file with a 415. */
const multipartDoor = (door: string, url: () => string, who: () => Record<string, string>): Door => ({
  door,
  outcome: 'refused',
  send: async (p, bytes) => {
    const body = multipart(bytes, p.name, p.claim);
    refusedWith(415)(await kit.inject({ method: 'POST', url: url(), headers: { ...who(), ...body.headers }, payload: body.payload }));
  },
});

const DOORS: Door[] = [
  {
    door: 'resumable upload',
    outcome: 'refused',
    send: async (p, bytes) => {
      const created = await kit.inject({ method: 'POST', url: '/api/uploads', headers: user, payload: { resourceId: ids.draft, size: bytes.length, name: p.name } });
      expect(created.statusCode, created.body).toBe(201);
      const id = (created.json() as { id: string }).id;
      refusedWith(415)(await kit.inject({ method: 'PATCH', url: `/api/uploads/${id}`, headers: { ...user, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, payload: bytes }));
    },
  },
  multipartDoor('one-request file', () => `/api/v2/resources/${ids.draft}/file`, () => user),
  multipartDoor('cover', () => `/api/v2/resources/${ids.draft}/cover`, () => user),
  multipartDoor('profile picture', () => `/api/v2/users/${ids.user}/profile/image`, () => user),
  multipartDoor('ad image', () => `/api/v2/ads/${ids.ad}/image`, () => user),
  multipartDoor('banner', () => '/api/v2/admin/banners/menuTop', () => admin),
  multipartDoor('app package', () => '/api/v2/admin/extra/app-package', () => admin),
  multipartDoor('browser package', () => '/api/v2/admin/extra/browsers?name=Navegador', () => admin),
  {
    door: 'demo seed',
    outcome: 'refused',
    send: async (p, bytes) => {
      const file = path.join(tempDir('kit-seed-'), p.name);
      fs.writeFileSync(file, bytes);
      await expect(ingestLocalFile(kit.db, dataDir, file)).rejects.toBeInstanceOf(UnknownFileTypeError);
    },
  },
];

describe('every door into the media store', () => {
  for (const { door, outcome, send } of DOORS) {
    it.each(PAYLOADS)(`${door}: $label is ${outcome}, never served as a page or a picture`, async (p) => {
      const bytes = p.bytes(door);
      await send(p, bytes);
      expect(kit.db.prepare('SELECT count(*) AS n FROM media WHERE sha256 = ?').get(sha(bytes))).toEqual({ n: 0 });
      expect(fs.existsSync(mediaPath(dataDir, sha(bytes), p.ext))).toBe(false);
    });
  }

  it('pack import: a signed pack that labels HTML and SVG as text/html, image/svg+xml or a picture brings them as downloads, and exports them so', async () => {
    const category = claimedLibrary(source, 'paquete');
    const pack = await packOf(source, category);
    const res = await kit.inject({ method: 'POST', url: '/api/v2/admin/sync/import?arrival=published&acceptUntrusted=true', headers: { ...admin, 'content-type': 'application/octet-stream' }, payload: pack });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ added: PAYLOADS.length });
    for (const p of PAYLOADS) {
      const bytes = p.bytes('paquete');
      expect(await servings(bytes)).toHaveLength(3);
      await expectNeverActive(bytes, `pack: ${p.label}`);
    }
    // Exported again, every kit downstream reads what the bytes are.
    const again = planPack(kit.db, loadOrCreateKitKey(dataDir), 'kit', null);
    for (const p of PAYLOADS) expect(again.manifest.files.find((f) => f.sha256 === sha(p.bytes('paquete')))).toMatchObject({ mime: 'application/octet-stream', ext: 'bin' });
  });

  it('hub pull: a trusted hub whose feed carries such a pack brings them as downloads', async () => {
    claimedLibrary(source, 'centro');
    const sourceAdmin = { authorization: `Bearer ${(await login(source.app, 'jefa', 'secreto-jefa')).token}` };
    expect(await runJob(source.app, sourceAdmin, '/api/v2/admin/sync/publish')).toMatchObject({ state: 'done' });
    const { kit: sourceKey } = (await source.app.inject({ method: 'GET', url: '/api/v2/admin/sync/status', headers: sourceAdmin })).json() as { kit: { publicKey: string } };
    expect((await kit.inject({ method: 'POST', url: '/api/v2/admin/sync/keys', headers: admin, payload: { publicKey: sourceKey.publicKey, label: 'Centro' } })).statusCode).toBe(201);
    expect(await runJob(kit, admin, '/api/v2/admin/sync/now', { arrival: 'published' })).toMatchObject({ state: 'done' });
    for (const p of PAYLOADS) {
      const bytes = p.bytes('centro');
      expect(await servings(bytes)).toHaveLength(3);
      await expectNeverActive(bytes, `hub: ${p.label}`);
    }
  });

  it('backup restore: rows a kit once stored with a claimed type come back typed by their bytes, their files renamed to match', async () => {
    const legacy = PAYLOADS.map((p) => {
      const bytes = p.bytes('copia');
      addResource(kit.db, { title: `${p.label} (copia)`, type: 2, media: addMedia(kit.db, dataDir, bytes, p.ext, p.claim) });
      return { p, bytes };
    });
    const job = await runJob(kit, admin, '/api/v2/admin/data/backup');
    expect(job.state).toBe('done');
    const { job: finished } = (await kit.inject({ method: 'GET', url: '/api/v2/admin/sync/status', headers: admin })).json() as { job: { download: string } };
    const backup = await kit.inject({ method: 'GET', url: `/api/v2/admin/data/backups/${finished.download}`, headers: admin });
    expect(backup.statusCode).toBe(200);
    // The live kit already serves them as downloads, whatever a row with a type no browser only shows says.
    for (const { p, bytes } of legacy.filter(({ p }) => p.claim !== 'image/png')) {
      for (const res of await servings(bytes)) {
        expect(res.headers['content-type'], p.label).toBe('application/octet-stream');
        expect(res.headers['content-disposition'], p.label).toMatch(/^attachment;/);
      }
    }
    const restored = await kit.inject({ method: 'POST', url: '/api/v2/admin/data/restore', headers: { ...admin, 'content-type': 'application/octet-stream' }, payload: backup.rawPayload });
    expect(restored.statusCode, restored.body).toBe(200);
    await kit.close();
    await openKit();
    for (const { p, bytes } of legacy) {
      await expectNeverActive(bytes, `restore: ${p.label}`);
      expect(fs.existsSync(mediaPath(dataDir, sha(bytes), 'bin')), p.label).toBe(true);
      expect(fs.existsSync(mediaPath(dataDir, sha(bytes), p.ext)), p.label).toBe(false);
    }
  });
});
