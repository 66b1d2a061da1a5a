import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, tempDir, type TestApp } from '../../../test/helper.ts';
import { addCategory, addMedia, addResource, patternBytes } from '../../../test/library-fixtures.ts';
import { makeViewers } from '../../../test/portal-helpers.ts';

// Real processes, disks and HTTP on a machine that may be busy: generous limits, never sleeps.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 240_000 });

/** Packs through a USB drive (docs/SYNC.md): drives come from the mount table under KIT_USB_ROOT. */

const usbRoot = tempDir('kit-usb-');
const drive = path.join(usbRoot, 'USB 0');
const mounts = path.join(usbRoot, 'mounts');
let A: TestApp;
let B: TestApp;
let adminA: Record<string, string>;
let adminB: Record<string, string>;

async function waitJob(t: TestApp, headers: Record<string, string>) {
  for (let i = 0; i < 2400; i++) {
    const { job } = (await t.app.inject({ method: 'GET', url: '/api/v2/admin/sync/status', headers })).json();
    if (job.state !== 'running') return job;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('el trabajo no terminó');
}

beforeAll(async () => {
  fs.mkdirSync(drive);
  // /proc/mounts writes a space as \040; a system mount outside the root is ignored.
  fs.writeFileSync(mounts, `/dev/mmcblk0p2 / ext4 rw 0 0\n/dev/sda1 ${drive.replace(' ', '\\040')} vfat rw 0 0\n`);
  const env = { KIT_USB_ROOT: usbRoot };
  [A, B] = await Promise.all([buildTestApp(env, { sync: { mountsFile: mounts } }), buildTestApp(env, { sync: { mountsFile: mounts } })]);
  adminA = (await makeViewers(A.app)).admin;
  adminB = (await makeViewers(B.app)).admin;
  const cat = addCategory(A.app.db, 'Artesanía');
  addResource(A.app.db, { title: 'Telar de cintura', type: 2, category: cat, media: addMedia(A.app.db, A.dataDir, patternBytes(50_000, 8), 'pdf', 'application/pdf') });
});

afterAll(async () => {
  await Promise.all([A.close(), B.close()]);
  fs.rmSync(usbRoot, { recursive: true, force: true });
});

describe('packs on a USB drive', () => {
  it('lists the mounted drive, exports to it, and another kit imports from it', async () => {
    const status = (await A.app.inject({ method: 'GET', url: '/api/v2/admin/sync/status', headers: adminA })).json();
    expect(status.drives).toEqual([expect.objectContaining({ path: drive, label: 'USB 0', packs: [] })]);

    expect((await A.app.inject({ method: 'POST', url: '/api/v2/admin/sync/export', headers: adminA, payload: { drive } })).statusCode).toBe(202);
    expect(await waitJob(A, adminA)).toMatchObject({ state: 'done', download: null });
    const { drives } = (await B.app.inject({ method: 'GET', url: '/api/v2/admin/sync/status', headers: adminB })).json();
    const pack = drives[0].packs[0] as { name: string };
    expect(pack.name).toMatch(/^kitportal\/kitportal-portal\.kit-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.kitpack$/);
    expect(fs.readdirSync(path.join(drive, 'kitportal')).filter((n) => n.endsWith('.part'))).toEqual([]);

    // B does not know A's key: refused until its admin accepts it explicitly.
    await B.app.inject({ method: 'POST', url: '/api/v2/admin/sync/import-usb', headers: adminB, payload: { drive, name: pack.name } });
    expect(await waitJob(B, adminB)).toMatchObject({ state: 'failed', errorCode: 'PACK_UNTRUSTED' });
    expect(B.app.db.prepare('SELECT count(*) AS n FROM resources').get()).toEqual({ n: 0 });

    await B.app.inject({ method: 'POST', url: '/api/v2/admin/sync/import-usb', headers: adminB, payload: { drive, name: pack.name, acceptUntrusted: true, arrival: 'published' } });
    expect(await waitJob(B, adminB)).toMatchObject({ state: 'done', report: expect.objectContaining({ added: 1 }) });
    expect(B.app.db.prepare("SELECT title, status FROM resources").all()).toEqual([{ title: 'Telar de cintura', status: 'published' }]);
  });

  it('opens only drives and packs it listed itself', async () => {
    const elsewhere = await A.app.inject({ method: 'POST', url: '/api/v2/admin/sync/import-usb', headers: adminA, payload: { drive: '/etc', name: 'passwd' } });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error.code).toBe('SYNC_DRIVE_NOT_FOUND');
    const escape = await A.app.inject({ method: 'POST', url: '/api/v2/admin/sync/import-usb', headers: adminA, payload: { drive, name: '../mounts' } });
    expect(escape.json().error.code).toBe('SYNC_PACK_NOT_FOUND');
    const exportElsewhere = await A.app.inject({ method: 'POST', url: '/api/v2/admin/sync/export', headers: adminA, payload: { drive: usbRoot } });
    expect(exportElsewhere.json().error.code).toBe('SYNC_DRIVE_NOT_FOUND');
  });

  it('manages trusted publishers and refuses a key that is not ed25519', async () => {
    const bad = await A.app.inject({ method: 'POST', url: '/api/v2/admin/sync/keys', headers: adminA, payload: { publicKey: 'bm8gZXMgdW5hIGNsYXZl', label: 'Nadie' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('SYNC_KEY_INVALID');
    const { kit } = (await B.app.inject({ method: 'GET', url: '/api/v2/admin/sync/status', headers: adminB })).json();
    const added = await A.app.inject({ method: 'POST', url: '/api/v2/admin/sync/keys', headers: adminA, payload: { publicKey: kit.publicKey, label: 'Kit B' } });
    expect(added.statusCode).toBe(201);
    expect(added.json().keyId).toBe(kit.keyId);
    expect((await A.app.inject({ method: 'DELETE', url: `/api/v2/admin/sync/keys/${kit.keyId}`, headers: adminA })).statusCode).toBe(204);
    expect((await A.app.inject({ method: 'DELETE', url: `/api/v2/admin/sync/keys/${kit.keyId}`, headers: adminA })).json().error.code).toBe('SYNC_KEY_NOT_FOUND');
  });
});

describe('backups on a USB drive', () => {
  it('writes a backup to the drive and verifies it back from there', async () => {
    expect((await A.app.inject({ method: 'POST', url: '/api/v2/admin/data/backup', headers: adminA, payload: { drive } })).statusCode).toBe(202);
    expect(await waitJob(A, adminA)).toMatchObject({ state: 'done', download: null, message: 'Copia de seguridad guardada en la memoria USB' });
    const { drives } = (await A.app.inject({ method: 'GET', url: '/api/v2/admin/sync/status', headers: adminA })).json();
    const backup = drives[0].backups[0] as { name: string };
    expect(backup.name).toMatch(/^kitportal\/kitportal-portal\.kit-.*\.kitbackup$/);
    const restored = await A.app.inject({ method: 'POST', url: '/api/v2/admin/data/restore-usb', headers: adminA, payload: { drive, name: backup.name } });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().restartRequired).toBe(true);
    // B is another kit: A's backup is foreign there.
    const foreign = await B.app.inject({ method: 'POST', url: '/api/v2/admin/data/restore-usb', headers: adminB, payload: { drive, name: backup.name } });
    expect(foreign.json().error.code).toBe('BACKUP_FOREIGN');
  });
});
