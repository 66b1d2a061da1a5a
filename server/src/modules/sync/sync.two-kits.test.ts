/**
 * Two real kits on loopback, each a server process with its own data folder:
 * A exports, B imports (docs/SYNC.md). Every refused pack leaves B exactly as
 * it was, and an import killed half-way leaves B consistent for the next one.
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../db/connection.ts';
import { migrate } from '../../db/migrate.ts';
import { killKit } from '../../../test/kit-process.ts';
import { addCategory, addMedia, addResource, patternBytes } from '../../../test/library-fixtures.ts';
import { KitPair } from '../../../test/sync-kits.ts';
import { planPack, writePack } from './pack-export.ts';
import { MANIFEST_NAME, SIGNATURE_NAME } from './pack-format.ts';
import { keyIdOf, signBytes, type KitKey } from './sync-keys.ts';
import { TarWriter } from './tar.ts';

// Real processes, disks and HTTP on a machine that may be busy: generous limits, never sleeps.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 240_000 });

const PASSWORD = 'clave-admin-sync';
const kits = new KitPair('sync', PASSWORD);
let subCategoryId: number;

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const auth = (token: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra });

function seedA(): void {
  const db = openDatabase(path.join(kits.dirA, 'portal.db'));
  migrate(db);
  const root = addCategory(db, 'Agricultura');
  subCategoryId = addCategory(db, 'Riego', { parent: root });
  const other = addCategory(db, 'Cocina');
  const video = addMedia(db, kits.dirA, patternBytes(3 * 1024 * 1024, 3), 'mp4', 'video/mp4');
  const doc = addMedia(db, kits.dirA, patternBytes(40_000, 5), 'pdf', 'application/pdf');
  const cover = addMedia(db, kits.dirA, Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), patternBytes(5000, 9)]), 'png', 'image/png');
  addResource(db, { title: 'Riego por goteo', type: 3, category: subCategoryId, media: video, cover });
  addResource(db, { title: 'Manual de riego', type: 2, category: subCategoryId, media: doc });
  addResource(db, { title: 'Borrador de riego', type: 2, category: subCategoryId, status: 'draft' });
  addResource(db, { title: 'Recetas del valle', type: 2, category: other, media: doc });
  db.close();
}

async function waitJob(base: string, token: string): Promise<{ state: string; download: string | null; message: string | null; bytesDone: number; bytesTotal: number | null }> {
  for (let i = 0; i < 2400; i++) {
    const status = (await (await fetch(`${base}/api/v2/admin/sync/status`, { headers: auth(token) })).json()) as { job: { state: string } & Record<string, unknown> };
    if (status.job && status.job.state !== 'running') return status.job as never;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('el trabajo no terminó');
}

async function exportFromA(body: Record<string, unknown>): Promise<Buffer> {
  const res = await fetch(`${kits.A.base}/api/v2/admin/sync/export`, { method: 'POST', headers: auth(kits.tokenA, { 'content-type': 'application/json' }), body: JSON.stringify(body) });
  expect(res.status).toBe(202);
  const job = await waitJob(kits.A.base, kits.tokenA);
  expect(job.state).toBe('done');
  expect(job.bytesDone).toBe(job.bytesTotal);
  const file = await fetch(`${kits.A.base}/api/v2/admin/sync/exports/${job.download}`, { headers: auth(kits.tokenA) });
  expect(file.status).toBe(200);
  return Buffer.from(await file.arrayBuffer());
}

async function importIntoB(pack: Buffer, query = 'arrival=published'): Promise<{ status: number; body: Record<string, unknown> & { error?: { code: string; message: string } } }> {
  const res = await fetch(`${kits.B.base}/api/v2/admin/sync/import?${query}`, { method: 'POST', headers: auth(kits.tokenB, { 'content-type': 'application/octet-stream' }), body: pack });
  return { status: res.status, body: (await res.json()) as never };
}

/** What B's library holds: rows and the files' real hashes on disk. */
function snapshotB(): { resources: unknown[]; categories: unknown[]; files: string[] } {
  const db = new Database(path.join(kits.dirB, 'portal.db'), { readonly: true });
  try {
    const resources = db.prepare('SELECT global_id, title, status, media_sha256, cover_sha256 FROM resources ORDER BY global_id').all();
    const categories = db.prepare('SELECT global_id, name FROM categories ORDER BY global_id').all();
    const files = (db.prepare('SELECT sha256, ext FROM media ORDER BY sha256').all() as { sha256: string; ext: string }[]).map((m) =>
      sha(fs.readFileSync(path.join(kits.dirB, 'media', m.sha256.slice(0, 2), `${m.sha256}.${m.ext}`))),
    );
    return { resources, categories, files };
  } finally {
    db.close();
  }
}

/** A pack written in-process from A's database (read only), signed by any key. */
async function packSignedBy(key: KitKey): Promise<Buffer> {
  const db = openDatabase(path.join(kits.dirA, 'portal.db'));
  try {
    const plan = planPack(db, key, 'otro.kit', null);
    const out = new PassThrough();
    const parts: Buffer[] = [];
    out.on('data', (c: Buffer) => parts.push(c));
    await writePack(kits.dirA, plan, out, () => undefined);
    out.end();
    return Buffer.concat(parts);
  } finally {
    db.close();
  }
}

function strangerKey(): KitKey {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const pub = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  return { privateKey, publicKey: pub, keyId: keyIdOf(pub) };
}

beforeAll(async () => {
  seedA();
  await kits.start();
  // B trusts A: its admin pastes A's public key.
  const statusA = (await (await fetch(`${kits.A.base}/api/v2/admin/sync/status`, { headers: auth(kits.tokenA) })).json()) as { kit: { publicKey: string } };
  const added = await fetch(`${kits.B.base}/api/v2/admin/sync/keys`, {
    method: 'POST',
    headers: auth(kits.tokenB, { 'content-type': 'application/json' }),
    body: JSON.stringify({ publicKey: statusA.kit.publicKey, label: 'Kit A' }),
  });
  expect(added.status).toBe(201);
}, 240_000);

afterAll(() => kits.stop());

describe('content packs between two kits', () => {
  let firstPack: Buffer;

  it('exports a category from A and imports it into B: same resources, same file hashes', async () => {
    firstPack = await exportFromA({ categoryIds: [subCategoryId] });
    const { status, body } = await importIntoB(firstPack);
    expect(status).toBe(200);
    expect(body).toMatchObject({ added: 2, updated: 0, refused: 0, categoriesAdded: 2 });
    const b = snapshotB();
    const titles = (b.resources as { title: string; status: string }[]).map((r) => `${r.title}:${r.status}`).sort();
    expect(titles).toEqual(['Manual de riego:published', 'Riego por goteo:published']);
    const a = new Database(path.join(kits.dirA, 'portal.db'), { readonly: true });
    const fromA = a.prepare("SELECT global_id, title, status, media_sha256, cover_sha256 FROM resources WHERE title IN ('Manual de riego', 'Riego por goteo') ORDER BY global_id").all();
    a.close();
    expect(b.resources).toEqual(fromA);
    // The files on B's disk hash to the names they are stored under.
    const db = new Database(path.join(kits.dirB, 'portal.db'), { readonly: true });
    const names = (db.prepare('SELECT sha256 FROM media ORDER BY sha256').all() as { sha256: string }[]).map((m) => m.sha256);
    db.close();
    expect(b.files).toEqual(names);
    expect(names).toHaveLength(3);
  });

  it('re-importing the same pack changes nothing', async () => {
    const before = snapshotB();
    const { status, body } = await importIntoB(firstPack);
    expect(status).toBe(200);
    expect(body).toMatchObject({ added: 0, updated: 0, skipped: 2, refused: 0, categoriesAdded: 0 });
    expect(snapshotB()).toEqual(before);
  });

  describe('refused packs change nothing', () => {
    let wholePack: Buffer;
    let before: ReturnType<typeof snapshotB>;
    beforeAll(async () => {
      wholePack = await exportFromA({});
      before = snapshotB();
    });

    it('refuses a pack with one corrupted byte in a file', async () => {
      const bad = Buffer.from(wholePack);
      bad[bad.length - 4096] = (bad[bad.length - 4096] as number) ^ 0x01;
      const { status, body } = await importIntoB(bad);
      expect(status).toBe(400);
      expect(body.error?.code).toBe('PACK_CORRUPT');
      expect(snapshotB()).toEqual(before);
    });

    it('refuses a pack with one corrupted byte in its manifest', async () => {
      const bad = Buffer.from(wholePack);
      const at = bad.indexOf('Recetas del valle');
      bad[at] = 'r'.charCodeAt(0);
      const { status, body } = await importIntoB(bad);
      expect(status).toBe(400);
      expect(['PACK_SIGNATURE_INVALID', 'PACK_CORRUPT']).toContain(body.error?.code);
      expect(snapshotB()).toEqual(before);
    });

    it('refuses a truncated pack', async () => {
      const { status, body } = await importIntoB(wholePack.subarray(0, Math.floor(wholePack.length * 0.7)));
      expect(status).toBe(400);
      expect(body.error?.code).toBe('PACK_TRUNCATED');
      expect(body.error?.message).toMatch(/incompleto/);
      expect(snapshotB()).toEqual(before);
    });

    it('refuses a pack signed by an unknown key', async () => {
      const foreign = await packSignedBy(strangerKey());
      const refused = await importIntoB(foreign);
      expect(refused.status).toBe(400);
      expect(refused.body.error?.code).toBe('PACK_UNTRUSTED');
      expect(snapshotB()).toEqual(before);
    });

    it('refuses a pack of a future format with a clear Spanish message', async () => {
      const out = new PassThrough();
      const parts: Buffer[] = [];
      out.on('data', (c: Buffer) => parts.push(c));
      const tar = new TarWriter(out);
      const manifest = Buffer.from(JSON.stringify({ format: 99, packId: '00000000-0000-0000-0000-000000000000', novedades: [] }));
      await tar.addBuffer(MANIFEST_NAME, manifest);
      await tar.addBuffer(SIGNATURE_NAME, Buffer.from(JSON.stringify(signBytes(strangerKey(), manifest))));
      await tar.finish();
      out.end();
      const { status, body } = await importIntoB(Buffer.concat(parts));
      expect(status).toBe(400);
      expect(body.error?.code).toBe('PACK_TOO_NEW');
      expect(body.error?.message).toMatch(/versión más nueva de Kit Portal \(formato 99\).*Actualiza el kit/);
      expect(snapshotB()).toEqual(before);
    });

    it('refuses a file that is not a pack', async () => {
      const notPack = await importIntoB(Buffer.from('hola, esto no es un paquete'.repeat(100)));
      expect(notPack.body.error?.code).toBe('PACK_NOT_A_PACK');
      expect(snapshotB()).toEqual(before);
    });
  });

  it('an import killed half-way leaves B consistent, and the next import completes', async () => {
    // A new 4 MB file at the end of the pack, so the cut falls inside it.
    const bigFile = patternBytes(4 * 1024 * 1024, 21);
    const dbA = openDatabase(path.join(kits.dirA, 'portal.db'));
    const cat = (dbA.prepare("SELECT id FROM categories WHERE name = 'Cocina'").get() as { id: number }).id;
    addResource(dbA, { title: 'Cocina solar', type: 3, category: cat, media: addMedia(dbA, kits.dirA, bigFile, 'mp4', 'video/mp4') });
    dbA.close();
    const pack = await exportFromA({});
    const before = snapshotB();
    // Send 80% of the pack, wait until B is writing the new file, then cut B's power.
    const cut = Math.floor(pack.length * 0.8);
    const req = http.request(`${kits.B.base}/api/v2/admin/sync/import?arrival=pending`, {
      method: 'POST',
      headers: auth(kits.tokenB, { 'content-type': 'application/octet-stream', 'content-length': String(pack.length) }),
    });
    req.on('error', () => undefined);
    req.write(pack.subarray(0, cut));
    const staging = path.join(kits.dirB, 'sync', 'staging');
    const partial = () => (fs.existsSync(staging) ? fs.readdirSync(staging) : []).map((d) => path.join(staging, d, `${sha(bigFile)}.part`)).find((f) => fs.existsSync(f) && fs.statSync(f).size > 0);
    for (let i = 0; i < 2400 && !partial(); i++) await new Promise((r) => setTimeout(r, 25));
    expect(partial()).toBeDefined();
    await killKit(kits.B);
    req.destroy();

    await kits.startBAgain();
    const db = new Database(path.join(kits.dirB, 'portal.db'), { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.prepare('SELECT status FROM sync_imports ORDER BY id DESC LIMIT 1').get()).toEqual({ status: 'interrupted' });
    db.close();
    expect(snapshotB()).toEqual(before);

    const { status, body } = await importIntoB(pack, 'arrival=pending');
    expect(status).toBe(200);
    expect(body).toMatchObject({ added: 2, skipped: 2, refused: 0 });
    const recipes = (snapshotB().resources as { title: string; status: string }[]).find((r) => r.title === 'Recetas del valle');
    // Moderation is not bypassed: the admin chose "pending".
    expect(recipes?.status).toBe('pending');
    expect(fs.existsSync(path.join(staging, body.packId as string))).toBe(false);
  }, 240_000);
});
