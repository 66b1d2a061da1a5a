/**
 * A full data disk, for real: the kit's data folder lives on a small tmpfs
 * mounted for this test, and the test fills it with a file of its own. Every
 * door that brings bytes is refused with 507 DISK_FULL before it writes when
 * they would eat into the reserve (KIT_DISK_RESERVE_MB, 2 MiB here) and
 * leaves nothing behind, while logins and small database writes still work;
 * /api/health and /admin/device say when less than the reserve is free; and
 * a write that meets a disk filled meanwhile (ENOSPC while the bytes stream
 * in) also answers 507, removes what it wrote and keeps what was
 * acknowledged. Everything goes over real HTTP on 127.0.0.1.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { mediaRoot } from '../../src/media/store.ts';
import { uploadsDir } from '../../src/modules/uploads/upload-files.ts';
import { publishFeed } from '../../src/modules/sync/hub-feed.ts';
import { planPack, writePack } from '../../src/modules/sync/pack-export.ts';
import { stagingRoot } from '../../src/modules/sync/pack-import.ts';
import { loadOrCreateKitKey } from '../../src/modules/sync/sync-keys.ts';
import { files, multipart } from '../contrib-helper.ts';
import { cleanupDeviceDirs, deviceFixtures, recorderScripts } from '../device-helpers.ts';
import { buildTestApp, createUser, tempDir, type TestApp } from '../helper.ts';
import { addCategory, addMedia, addResource } from '../library-fixtures.ts';

// Real disks and HTTP on a machine that may be busy: generous limits, never sleeps.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 240_000 });

const MiB = 1024 * 1024;
const RESERVE = 2 * MiB;
/** What is left when the disk fills under a write: less than the write still needs, enough for SQLite to record the failure. */
const LITTLE = 128 * 1024;
const root = tempDir('kit-disk-full-');

/** Mounts a 24 MiB tmpfs on `root`; the reason when this machine cannot (not root, no mount privilege). */
function mountSmallDisk(): string | null {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=24m,mode=0700', 'tmpfs', root], { stdio: 'pipe' });
    return null;
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error).trim() || 'mount failed';
  }
}
const cannotMount = mountSmallDisk();

const dataDir = path.join(root, 'data');
const filler = path.join(root, 'filler');
let kit: FastifyInstance;
let hub: TestApp;
let base: string;
let admin: string;
let owner: { id: number; token: string };

afterAll(async () => {
  await kit?.close();
  await hub?.close();
  cleanupDeviceDirs();
  if (cannotMount === null) {
    try {
      execFileSync('umount', [root], { stdio: 'pipe' });
    } catch {
      execFileSync('umount', ['-l', root], { stdio: 'pipe' });
    }
  }
  fs.rmSync(root, { recursive: true, force: true });
});

const freeBytes = () => {
  const s = fs.statfsSync(root);
  return s.bavail * s.bsize;
};

/**
 * Fills the disk with the test's own file until only `bytes` are free (or
 * the disk refuses: the server may be writing too). Another program filling
 * the disk meanwhile is what a door meets when the disk fills during its write.
 */
function leaveFree(bytes: number): void {
  fs.rmSync(filler, { force: true });
  const fd = fs.openSync(filler, 'w');
  const chunk = Buffer.alloc(256 * 1024, 0x5a);
  try {
    for (let want = freeBytes() - bytes; want > 0; want = freeBytes() - bytes) {
      fs.writeSync(fd, chunk, 0, Math.min(chunk.length, want));
    }
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOSPC') throw error;
  } finally {
    fs.closeSync(fd);
  }
}
const roomAgain = () => fs.rmSync(filler, { force: true });

interface Answer { status: number; headers: http.IncomingHttpHeaders; body: string; json: () => { error?: { code: string; message: string; data: unknown } } & Record<string, unknown> }

/**
 * One request over a real socket. `body` is sent in pieces; before a piece,
 * a function in the list runs (the test fills the disk while the server is
 * in the middle of writing).
 */
function send(method: string, url: string, opts: { token?: string; headers?: Record<string, string>; body?: Array<Buffer | (() => Promise<void>)> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${url}`, {
      method,
      headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body, json: () => JSON.parse(body) });
      });
    });
    request.on('error', reject);
    void (async () => {
      for (const piece of opts.body ?? []) {
        if (typeof piece === 'function') await piece();
        else if (!request.write(piece)) await new Promise((r) => request.once('drain', r));
      }
      request.end();
    })().catch(reject);
  });
}
const json = (value: unknown) => ({ headers: { 'content-type': 'application/json' }, body: [Buffer.from(JSON.stringify(value))] });
const octets = (offset: number, length: number) => ({ 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset), 'content-length': String(length) });
const form = (data: Buffer, name = 'archivo.bin') => {
  const m = multipart([{ name: 'file', filename: name, type: 'application/octet-stream', data }]);
  return { headers: { ...m.headers, 'content-length': String(m.payload.length) }, body: [m.payload] };
};
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Resolves once `check` holds: the server got that far (a hang guard, not a timing). */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  for (const guard = Date.now() + 60_000; !(await check()); ) {
    if (Date.now() > guard) throw new Error('el servidor no llegó a ese punto');
    await new Promise((r) => setTimeout(r, 10));
  }
}

function expectDiskFull(answer: Answer, door: string): void {
  expect(answer.status, `${door}: ${answer.body}`).toBe(507);
  expect(answer.json().error?.code, door).toBe('DISK_FULL');
  expect(answer.json().error?.message, door).toMatch(/sin espacio/);
}

const list = (dir: string): string[] => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String).sort() : []);
const storeFiles = () => list(mediaRoot(dataDir)).filter((f) => /^[0-9a-f]{2}\/[0-9a-f]{64}\./.test(f));
const partSize = (id: string) => fs.statSync(path.join(uploadsDir(dataDir), `${id}.part`)).size;
const journal = () => kit.db.prepare<[], { status: string; message: string }>('SELECT status, message FROM sync_imports ORDER BY id DESC LIMIT 1').get();

async function newDraft(category: number): Promise<number> {
  const res = await send('POST', '/api/v2/resources', {
    token: owner.token,
    ...json({ title: 'Cuentos', type: 2, author: 'Escuela', source: 'Archivo', license: 'CC BY 4.0', description: 'Relatos.', content_type_id: category, rights_declared: true }),
  });
  expect(res.status, res.body).toBe(201);
  return res.json().id as number;
}

async function startUpload(resourceId: number, size: number): Promise<string> {
  const res = await send('POST', '/api/uploads', { token: owner.token, ...json({ resourceId, size, name: 'cuentos.pdf' }) });
  expect(res.status, res.body).toBe(201);
  return res.json().id as string;
}

/** A signed pack of the hub's library (two PDFs of `size` bytes), as bytes. */
async function hubPack(): Promise<Buffer> {
  const plan = planPack(hub.app.db, loadOrCreateKitKey(hub.dataDir), 'hub.kit', null);
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await writePack(hub.dataDir, plan, out, () => undefined);
  out.end();
  return Buffer.concat(chunks);
}

async function loginAs(userName: string, password: string): Promise<Answer> {
  return send('POST', '/api/auth', { headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }, body: [Buffer.from(JSON.stringify({ user_name: userName, password }))] });
}

// The one case the test cannot run: a machine where a file system cannot be mounted (it then says why).
describe.skipIf(cannotMount !== null)(`a full data disk${cannotMount ? ` (sin tmpfs: ${cannotMount})` : ''}`, () => {
  let category: number;
  let packSha: string[];

  beforeAll(async () => {
    // A hub kit on the ordinary disk: its library is what the pack and the pull bring (2 × 1 MiB of PDF).
    hub = await buildTestApp();
    const hubCategory = addCategory(hub.app.db, 'Cuentos');
    packSha = [1, 2].map((seed) => {
      const sha = addMedia(hub.app.db, hub.dataDir, files.pdf(MiB, seed), 'pdf', 'application/pdf');
      addResource(hub.app.db, { title: `Libro ${seed}`, category: hubCategory, media: sha });
      return sha;
    });
    await publishFeed({ db: hub.app.db, dataDir: hub.dataDir, diskReserveBytes: 0, key: loadOrCreateKitKey(hub.dataDir), kitName: 'hub.kit' }, () => undefined, () => undefined);
    await hub.app.listen({ port: 0, host: '127.0.0.1' });
    const hubPort = (hub.app.server.address() as AddressInfo).port;

    fs.mkdirSync(dataDir);
    const config = loadConfig({
      KIT_DATA_DIR: dataDir,
      KIT_WEB_DIR: path.join(root, 'no-web'),
      KIT_DISK_RESERVE_MB: String(RESERVE / MiB),
      KIT_MAX_UPLOAD_MB: '8',
      KIT_IS_KIT: 'true',
      KIT_SCRIPTS_DIR: recorderScripts().dir,
      KIT_SYNC_FEED_URL: `http://127.0.0.1:${hubPort}/hub/feed.json`,
      KIT_SYNC_INTERVAL_HOURS: '0',
    });
    kit = await buildApp({ config, logger: false, device: { paths: deviceFixtures().paths } });
    await kit.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(kit.server.address() as AddressInfo).port}`;
    await createUser(kit, 'jefa', 'clave-jefa-1', { admin: true });
    const ownerId = await createUser(kit, 'rosa', 'clave-rosa-1');
    admin = (await loginAs('jefa', 'clave-jefa-1')).json().token as string;
    owner = { id: ownerId, token: (await loginAs('rosa', 'clave-rosa-1')).json().token as string };
    category = addCategory(kit.db, 'Educación');
    const keyed = await send('POST', '/api/v2/admin/sync/keys', { token: admin, ...json({ publicKey: loadOrCreateKitKey(hub.dataDir).publicKey, label: 'Centro' }) });
    expect(keyed.status, keyed.body).toBe(201);
  });

  it('refuses every door with 507 DISK_FULL before it writes, leaves nothing behind, and still lets an admin in', async () => {
    // Made while there is room: an upload half sent, a pending notice, and a backup of this kit to restore.
    const draft = await newDraft(category);
    const another = await newDraft(category);
    const upload = await startUpload(draft, MiB);
    const firstBytes = files.pdf(MiB, 7);
    expect((await send('PATCH', `/api/uploads/${upload}`, { token: owner.token, headers: octets(0, 256 * 1024), body: [firstBytes.subarray(0, 256 * 1024)] })).status).toBe(200);
    const ad = await send('POST', '/api/v2/ads', { token: owner.token, ...json({ title: 'Se vende leña', text: 'Leña seca para la cocina, por carga.', contact: '987654321', category: 'avisos', expiresInDays: 7 }) });
    expect(ad.status, ad.body).toBe(201);
    const backupJob = await send('POST', '/api/v2/admin/data/backup', { token: admin, ...json({}) });
    expect(backupJob.status, backupJob.body).toBe(202);
    const lastJob = async () => (await send('GET', '/api/v2/admin/sync/status', { token: admin })).json().job as { state: string; download: string | null; errorCode: string | null; message: string | null };
    await until(async () => (await lastJob()).state !== 'running');
    const backupId = (await lastJob()).download;
    expect(backupId).toMatch(/^[0-9a-f]{32}$/);
    const backup = await new Promise<Buffer>((resolve, reject) => {
      http.get(`${base}/api/v2/admin/data/backups/${backupId}`, { headers: { authorization: `Bearer ${admin}` } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
      });
    });
    const pack = await hubPack();
    const before = { store: storeFiles(), uploads: list(uploadsDir(dataDir)), media: kit.db.prepare('SELECT count(*) AS n FROM media').get() };

    leaveFree(RESERVE + 64 * 1024);
    const bytes = Buffer.alloc(256 * 1024, 1);
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), bytes]);
    const doors: Array<[string, () => Promise<Answer>]> = [
      ['a resumable upload', () => send('POST', '/api/uploads', { token: owner.token, ...json({ resourceId: another, size: 256 * 1024, name: 'otro.pdf' }) })],
      ['the rest of an upload', () => send('PATCH', `/api/uploads/${upload}`, { token: owner.token, headers: octets(256 * 1024, MiB - 256 * 1024), body: [firstBytes.subarray(256 * 1024)] })],
      ['a file in one request', () => send('POST', `/api/v2/resources/${draft}/file`, { token: owner.token, ...form(files.pdf(256 * 1024, 8), 'libro.pdf') })],
      ['a cover', () => send('POST', `/api/v2/resources/${draft}/cover`, { token: owner.token, ...form(png, 'tapa.png') })],
      ['a profile picture', () => send('POST', `/api/v2/users/${owner.id}/profile/image`, { token: owner.token, ...form(png, 'yo.png') })],
      ['a notice picture', () => send('POST', `/api/v2/ads/${ad.json().id as number}/image`, { token: owner.token, ...form(png, 'lena.png') })],
      ['a banner', () => send('POST', '/api/v2/admin/banners/publicity', { token: admin, ...form(png, 'banner.png') })],
      ['the app package', () => send('POST', '/api/v2/admin/extra/app-package?name=App', { token: admin, ...form(Buffer.concat([Buffer.from('PK\x03\x04'), bytes]), 'app.apk') })],
      ['a browser package', () => send('POST', '/api/v2/admin/extra/browsers?name=Navegador', { token: admin, ...form(Buffer.concat([Buffer.from('PK\x03\x04'), bytes]), 'nav.apk') })],
      ['a pack import', () => send('POST', '/api/v2/admin/sync/import?acceptUntrusted=true', { token: admin, headers: { 'content-type': 'application/octet-stream', 'content-length': String(pack.length) }, body: [pack] })],
      ['a backup', () => send('POST', '/api/v2/admin/data/backup', { token: admin, ...json({}) })],
      ['a restore', () => send('POST', '/api/v2/admin/data/restore', { token: admin, headers: { 'content-type': 'application/octet-stream', 'content-length': String(backup.length) }, body: [backup] })],
    ];
    for (const [door, call] of doors) expectDiskFull(await call(), door);
    // The cut upload keeps what was acknowledged, and says so.
    const head = await send('HEAD', `/api/uploads/${upload}`, { token: owner.token });
    expect(head.headers['upload-offset']).toBe(String(256 * 1024));
    // The refused import's record ended; nothing of it is staged.
    expect(journal()).toEqual({ status: 'interrupted', message: expect.stringMatching(/sin espacio/) });
    expect(list(stagingRoot(dataDir)).filter((f) => f.includes('/'))).toEqual([]);

    // A hub pull is a job: it checks before each pack's download, and the job ends failed with the same code.
    const pull = await send('POST', '/api/v2/admin/sync/now', { token: admin, ...json({}) });
    expect(pull.status, pull.body).toBe(202);
    await until(async () => (await lastJob()).state !== 'running');
    expect(await lastJob()).toMatchObject({ state: 'failed', errorCode: 'DISK_FULL', message: expect.stringMatching(/sin espacio/) });
    expect(list(path.join(dataDir, 'sync', 'downloads'))).toEqual([]);

    // Nothing written anywhere: no new stored file, no temp file, the upload's part as it was.
    expect(storeFiles()).toEqual(before.store);
    expect(list(path.join(mediaRoot(dataDir), 'tmp'))).toEqual([]);
    expect(list(uploadsDir(dataDir))).toEqual(before.uploads);
    expect(partSize(upload)).toBe(256 * 1024);
    expect(kit.db.prepare('SELECT count(*) AS n FROM media').get()).toEqual(before.media);

    // The reserve is still free: an admin logs in, and small writes commit.
    expect((await loginAs('jefa', 'clave-jefa-1')).status).toBe(200);
    const renamed = await send('PATCH', `/api/v2/resources/${draft}`, { token: owner.token, ...json({ title: 'Cuentos del valle' }) });
    expect(renamed.status, renamed.body).toBe(200);
    expect((await send('GET', '/api/health')).json()).toMatchObject({ status: 'ok', disk: 'ok' });

    // With room again the same upload goes on from its offset.
    roomAgain();
    const rest = await send('PATCH', `/api/uploads/${upload}`, { token: owner.token, headers: octets(256 * 1024, MiB - 256 * 1024), body: [firstBytes.subarray(256 * 1024)] });
    expect(rest.status, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ complete: true, resource: { id: draft } });
  });

  it('says so on /api/health and /admin/device once less than the reserve is free, and refuses even a small file', async () => {
    leaveFree(RESERVE / 2);
    expect((await send('GET', '/api/health')).json()).toMatchObject({ status: 'ok', disk: 'full' });
    const status = await send('GET', '/api/v2/admin/device/status', { token: admin });
    expect(status.status, status.body).toBe(200);
    expect(status.json().disk).toMatchObject({ full: true, reserveBytes: RESERVE });
    expect((status.json().disk as { freeBytes: number }).freeBytes).toBeLessThan(RESERVE);
    expectDiskFull(await send('POST', '/api/uploads', { token: owner.token, ...json({ resourceId: await newDraft(category), size: 1, name: 'uno.pdf' }) }), 'one byte');
    expect((await loginAs('jefa', 'clave-jefa-1')).status).toBe(200);
    roomAgain();
    expect((await send('GET', '/api/health')).json()).toMatchObject({ disk: 'ok' });
    expect((await send('GET', '/api/v2/admin/device/status', { token: admin })).json().disk).toMatchObject({ full: false });
  });

  it('answers 507 when the disk fills while an upload PATCH streams in, keeping only the acknowledged bytes', async () => {
    const draft = await newDraft(category);
    const file = files.pdf(2 * MiB, 9);
    const upload = await startUpload(draft, file.length);
    const first = 256 * 1024;
    expect((await send('PATCH', `/api/uploads/${upload}`, { token: owner.token, headers: octets(0, first), body: [file.subarray(0, first)] })).status).toBe(200);
    const cut = await send('PATCH', `/api/uploads/${upload}`, {
      token: owner.token,
      headers: octets(first, file.length - first),
      body: [
        file.subarray(first, first + 512 * 1024),
        async () => {
          await until(() => partSize(upload) > first);
          leaveFree(LITTLE);
        },
        file.subarray(first + 512 * 1024),
      ],
    });
    expectDiskFull(cut, 'a PATCH the disk cut');
    expect(cut.headers['upload-offset']).toBe(String(first));
    expect(partSize(upload)).toBe(first);
    roomAgain();
    const rest = await send('PATCH', `/api/uploads/${upload}`, { token: owner.token, headers: octets(first, file.length - first), body: [file.subarray(first)] });
    expect(rest.status, rest.body).toBe(200);
    expect(kit.db.prepare('SELECT media_sha256 FROM resources WHERE id = ?').get(draft)).toEqual({ media_sha256: sha256(file) });
  });

  it('answers 507 when the disk fills while a one-request file streams in, and removes its temp file', async () => {
    const draft = await newDraft(category);
    const before = storeFiles();
    const body = form(files.pdf(3 * MiB, 10), 'grande.pdf');
    const payload = body.body[0] as Buffer;
    const tmp = path.join(mediaRoot(dataDir), 'tmp');
    const cut = await send('POST', `/api/v2/resources/${draft}/file`, {
      token: owner.token,
      headers: body.headers,
      body: [
        payload.subarray(0, MiB),
        async () => {
          await until(() => list(tmp).some((f) => fs.statSync(path.join(tmp, f)).size > 0));
          leaveFree(LITTLE);
        },
        payload.subarray(MiB),
      ],
    });
    expectDiskFull(cut, 'a one-request file the disk cut');
    expect(list(tmp)).toEqual([]);
    expect(storeFiles()).toEqual(before);
    roomAgain();
  });

  it('ends an import the disk cut as interrupted, keeping only whole verified files for the next attempt', async () => {
    const pack = await hubPack();
    const before = storeFiles();
    const staging = () => list(stagingRoot(dataDir)).filter((f) => f.includes('/'));
    const cut = await send('POST', '/api/v2/admin/sync/import?acceptUntrusted=true', {
      token: admin,
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(pack.length) },
      body: [
        pack.subarray(0, Math.floor(pack.length * 0.6)),
        async () => {
          // The first file is verified and staged; the second is being written.
          await until(() => staging().some((f) => !f.endsWith('.part')));
          leaveFree(LITTLE);
        },
        pack.subarray(Math.floor(pack.length * 0.6)),
      ],
    });
    expectDiskFull(cut, 'an import the disk cut');
    expect(journal()).toEqual({ status: 'interrupted', message: expect.stringMatching(/sin espacio/) });
    const kept = staging();
    expect(kept).toHaveLength(1);
    expect(packSha.map((sha) => kept[0]?.endsWith(sha))).toContain(true);
    expect(storeFiles()).toEqual(before);

    roomAgain();
    const again = await send('POST', '/api/v2/admin/sync/import?acceptUntrusted=true', { token: admin, headers: { 'content-type': 'application/octet-stream', 'content-length': String(pack.length) }, body: [pack] });
    expect(again.status, again.body).toBe(200);
    expect(journal()?.status).toBe('done');
    expect(staging()).toEqual([]);
  });
});
