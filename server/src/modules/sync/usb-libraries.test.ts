import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, pollFor, tempDir, type TestApp } from '../../../test/helper.ts';
import { addCategory, patternBytes } from '../../../test/library-fixtures.ts';
import { makeViewers } from '../../../test/portal-helpers.ts';
import { anotherCopy, libraryZim, wrongChecksum } from '../../../test/zim-tools.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/** ZIM files on a USB drive listed on /admin/sync become «Biblioteca» resources (docs/SYNC.md). */

const usbRoot = tempDir('kit-usb-zim-');
const drive = path.join(usbRoot, 'USB 0');
const mounts = path.join(usbRoot, 'mounts');
let t: TestApp;
let admin: Record<string, string>;
let category: number;
let good: Buffer;

const call = (method: 'GET' | 'POST', url: string, payload?: unknown) => t.app.inject({ method, url: `/api${url}`, headers: admin, ...(payload ? { payload } : {}) });

async function bring(name: string) {
  const res = await call('POST', '/v2/admin/sync/import-usb-library', { drive, name, categoryId: category, arrival: 'published' });
  expect(res.statusCode, res.body).toBe(202);
  return pollFor(`la copia de ${name}`, 60, async () => {
    const { job } = (await call('GET', '/v2/admin/sync/status')).json();
    return job.state === 'running' ? null : job;
  });
}

const zimsInStore = () => fs.readdirSync(path.join(t.dataDir, 'media')).filter((n) => n.endsWith('.zim'));
const libraryNamed = (title: string) =>
  t.app.db
    .prepare<[string], { id: number; status: string; category_id: number; check_state: string; language: string }>(
      'SELECT r.id, r.status, r.category_id, z.check_state, z.language FROM resources r JOIN zim_libraries z ON z.resource_id = r.id WHERE r.title = ?',
    )
    .get(title);
const checked = (title: string) => pollFor(`la comprobación de ${title}`, 20, () => (libraryNamed(title)?.check_state === 'checking' ? null : libraryNamed(title)));

beforeAll(async () => {
  fs.mkdirSync(drive);
  fs.writeFileSync(mounts, `/dev/sda1 ${drive.replace(' ', '\\040')} vfat rw 0 0\n`);
  good = await libraryZim(usbRoot);
  fs.writeFileSync(path.join(drive, 'wikipedia_es.zim'), good);
  fs.writeFileSync(path.join(drive, 'cortado.zim'), anotherCopy(good).subarray(0, good.length - 300));
  const past = anotherCopy(good);
  past.writeBigUInt64LE(BigInt(good.length + 4096), 32);
  fs.writeFileSync(path.join(drive, 'fuera.zim'), past);
  fs.writeFileSync(path.join(drive, 'no-es-zim.zim'), patternBytes(5000, 3));
  fs.writeFileSync(path.join(drive, 'dañado.zim'), wrongChecksum(anotherCopy(good)));
  t = await buildTestApp({ KIT_USB_ROOT: usbRoot }, { sync: { mountsFile: mounts } });
  admin = (await makeViewers(t.app)).admin;
  category = addCategory(t.app.db, 'Enciclopedias');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(usbRoot, { recursive: true, force: true });
});

describe('ZIM files on a USB drive (POST /api/v2/admin/sync/import-usb-library)', () => {
  it('lists the drive’s ZIM files beside its packs', async () => {
    const { drives } = (await call('GET', '/v2/admin/sync/status')).json();
    expect(drives[0].libraries.map((f: { name: string }) => f.name).sort()).toEqual(['cortado.zim', 'dañado.zim', 'fuera.zim', 'no-es-zim.zim', 'wikipedia_es.zim']);
  });

  it('copies a good ZIM in with progress and makes it a library in the chosen category, then checks its MD5', async () => {
    const job = await bring('wikipedia_es.zim');
    expect(job).toMatchObject({ state: 'done', bytesDone: good.length, bytesTotal: good.length });
    expect(await checked('Páginas de prueba')).toMatchObject({ status: 'published', category_id: category, language: 'spa', check_state: 'ok' });
  });

  it.each([
    ['cortado.zim', 'ZIM_TRUNCATED'],
    ['fuera.zim', 'ZIM_BAD_OFFSET'],
    ['no-es-zim.zim', 'ZIM_NOT_ZIM'],
  ])('refuses %s with %s and keeps nothing', async (name, code) => {
    const before = zimsInStore();
    expect(await bring(name)).toMatchObject({ state: 'failed', errorCode: code });
    expect(zimsInStore()).toEqual(before);
    expect(fs.readdirSync(path.join(t.dataDir, 'media', 'tmp'))).toEqual([]);
  });

  it('holds back a ZIM whose MD5 does not match', async () => {
    expect(await bring('dañado.zim')).toMatchObject({ state: 'done' });
    const rows = t.app.db.prepare("SELECT r.status, z.check_state FROM resources r JOIN zim_libraries z ON z.resource_id = r.id WHERE r.media_name = 'dañado.zim'");
    expect(await pollFor('la comprobación', 20, () => ((rows.get() as { check_state: string }).check_state === 'checking' ? null : rows.get()))).toEqual({ status: 'blocked', check_state: 'failed' });
  });

  it('refuses a name the drive does not list with 404 SYNC_LIBRARY_NOT_FOUND', async () => {
    const res = await call('POST', '/v2/admin/sync/import-usb-library', { drive, name: '../portal.db' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('SYNC_LIBRARY_NOT_FOUND');
  });
});
