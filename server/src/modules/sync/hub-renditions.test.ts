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
import { addCategory, addMedia, addResource } from '../../../test/library-fixtures.ts';
import { makePhoto } from '../../../test/media-maker.ts';
import { KitPair, runSyncJob, trustKit, withDb } from '../../../test/sync-kits.ts';

// Real processes on a machine that may be busy: generous limits.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 240_000 });

const PASSWORD = 'clave-admin-hub';
const kits = new KitPair('hubcopies', PASSWORD);

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  // A camera-sized photo, well over the display copy's 1280 px.
  const photo = fs.readFileSync(await makePhoto(path.join(kits.dirA, 'foto.jpg'), 1600, 1200));
  withDb(kits.dirA, (db) => {
    migrate(db);
    const category = addCategory(db, 'Ganadería');
    addResource(db, { title: 'Corral de ovejas', type: 1, category, media: addMedia(db, kits.dirA, photo, 'jpg', 'image/jpeg') });
  });
  await kits.start({ KIT_RENDITIONS: 'false' }, (portA) => ({ KIT_RENDITIONS: 'true', KIT_SYNC_FEED_URL: `http://127.0.0.1:${portA}/hub/feed.json`, KIT_SYNC_INTERVAL_HOURS: '0' }));
  await trustKit(kits.B, kits.tokenB, kits.A, kits.tokenA, 'Centro A');
}, 240_000);

afterAll(() => kits.stop());

describe('a hub pull', () => {
  it('queues the pulled files on the kit, which prepares their copies', async () => {
    expect(await runSyncJob(kits.A, kits.tokenA, '/api/v2/admin/sync/publish')).toMatchObject({ state: 'done' });
    const pulled = await runSyncJob<{ added: number }>(kits.B, kits.tokenB, '/api/v2/admin/sync/now');
    expect(pulled.report?.added).toBe(1);
    const id = withDb(kits.dirB, (db) => (db.prepare("SELECT id FROM resources WHERE title = 'Corral de ovejas'").get() as { id: number }).id);

    let detail: ResourceDetail | null = null;
    // Polled (a bound well inside the test's, so a missing copy fails the assertion below): B's own queue makes it.
    for (let i = 0; i < 2500 && !detail?.renditions.length; i++) {
      detail = (await (await fetch(`${kits.B.base}/api/v2/resource/${id}`, { headers: auth(kits.tokenB) })).json()) as ResourceDetail;
      if (!detail.renditions.length) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(detail?.renditionJob ?? null).toBeNull();
    expect(detail?.renditions).toEqual([expect.objectContaining({ kind: 'image', mime: 'image/webp', width: 1280, height: 960 })]);
  });
});
