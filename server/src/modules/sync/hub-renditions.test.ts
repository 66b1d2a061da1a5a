/**
 * A hub pull is a door for library files like an upload (docs/API-library.md
 * "Phone copies"): real kits on loopback, A publishes a pack without copies
 * (it makes none), B pulls it and prepares its own with the real queue.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ResourceDetail } from '@kit/contract';
import { migrate } from '../../db/migrate.ts';
import { tempDir } from '../../../test/helper.ts';
import { adminToken, freePort, killKit, startKitProcess, type KitProcess } from '../../../test/kit-process.ts';
import { addCategory, addMedia, addResource } from '../../../test/library-fixtures.ts';
import { makePhoto } from '../../../test/media-maker.ts';
import { runSyncJob, trustKit, withDb } from '../../../test/sync-kits.ts';

// Real processes on a machine that may be busy: generous limits.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 240_000 });

const PASSWORD = 'clave-admin-hub';
const dirA = tempDir('kit-hubcopies-a-');
const dirB = tempDir('kit-hubcopies-b-');
let A: KitProcess;
let B: KitProcess;
let tokenA: string;
let tokenB: string;

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  // A camera-sized photo, well over the display copy's 1280 px.
  const photo = fs.readFileSync(await makePhoto(path.join(dirA, 'foto.jpg'), 1600, 1200));
  withDb(dirA, (db) => {
    migrate(db);
    const category = addCategory(db, 'Ganadería');
    addResource(db, { title: 'Corral de ovejas', type: 1, category, media: addMedia(db, dirA, photo, 'jpg', 'image/jpeg') });
  });
  const portA = await freePort();
  [A, B] = await Promise.all([
    startKitProcess(dirA, PASSWORD, { KIT_RENDITIONS: 'false' }, portA),
    startKitProcess(dirB, PASSWORD, { KIT_RENDITIONS: 'true', KIT_SYNC_FEED_URL: `http://127.0.0.1:${portA}/hub/feed.json`, KIT_SYNC_INTERVAL_HOURS: '0' }),
  ]);
  [tokenA, tokenB] = await Promise.all([adminToken(A.base, PASSWORD), adminToken(B.base, PASSWORD)]);
  await trustKit(B, tokenB, A, tokenA, 'Centro A');
}, 240_000);

afterAll(async () => {
  await Promise.all([A && killKit(A), B && killKit(B)]);
  for (const dir of [dirA, dirB]) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a hub pull', () => {
  it('queues the pulled files on the kit, which prepares their copies', async () => {
    expect(await runSyncJob(A, tokenA, '/api/v2/admin/sync/publish')).toMatchObject({ state: 'done' });
    const pulled = await runSyncJob<{ added: number }>(B, tokenB, '/api/v2/admin/sync/now');
    expect(pulled.report?.added).toBe(1);
    const id = withDb(dirB, (db) => (db.prepare("SELECT id FROM resources WHERE title = 'Corral de ovejas'").get() as { id: number }).id);

    let detail: ResourceDetail | null = null;
    // Polled (a bound well inside the test's, so a missing copy fails the assertion below): B's own queue makes it.
    for (let i = 0; i < 2500 && !detail?.renditions.length; i++) {
      detail = (await (await fetch(`${B.base}/api/v2/resource/${id}`, { headers: auth(tokenB) })).json()) as ResourceDetail;
      if (!detail.renditions.length) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(detail?.renditionJob ?? null).toBeNull();
    expect(detail?.renditions).toEqual([expect.objectContaining({ kind: 'image', mime: 'image/webp', width: 1280, height: 960 })]);
  });
});
