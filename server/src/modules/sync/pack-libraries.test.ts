import fs from 'node:fs';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, pollFor, tempDir, type TestApp } from '../../../test/helper.ts';
import { addCategory, addMedia, addResource } from '../../../test/library-fixtures.ts';
import { anotherCopy, libraryZim, wrongChecksum } from '../../../test/zim-tools.ts';
import { AppError } from '../../errors.ts';
import { planPack, writePack } from './pack-export.ts';
import { importPack } from './pack-import.ts';
import { loadOrCreateKitKey } from './sync-keys.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/** «Biblioteca» resources between kits (docs/SYNC.md): a pack carries the ZIM, and the receiving kit checks it itself. */

let A: TestApp;
let B: TestApp;
let zim: Buffer;
let category: number;
const dir = tempDir('zim-packs-');
const LIBRARY = 7;

/** A published library on A whose file is `bytes`; its global id. */
function libraryOnA(title: string, bytes: Buffer): string {
  const media = addMedia(A.app.db, A.dataDir, bytes, 'zim', 'application/x-zim');
  const id = addResource(A.app.db, { title, type: LIBRARY, category, media });
  return (A.app.db.prepare('SELECT global_id FROM resources WHERE id = ?').get(id) as { global_id: string }).global_id;
}

/** Everything A publishes, as one pack, into B (as the sync job does, then what it does when files arrived). */
async function packIntoB() {
  const plan = planPack(A.app.db, loadOrCreateKitKey(A.dataDir), 'a.kit', null);
  const out = new PassThrough();
  void writePack(A.dataDir, plan, out, () => undefined).then(() => out.end());
  const report = await importPack({ db: B.app.db, dataDir: B.dataDir, diskReserveBytes: B.app.config.diskReserveBytes, key: loadOrCreateKitKey(B.dataDir) }, out, {
    arrival: 'published',
    acceptUntrusted: true,
    source: 'upload',
  });
  B.app.libraryChecks.resume();
  return report;
}

const inB = (globalId: string) =>
  B.app.db
    .prepare<[string], { id: number; status: string; status_reason: string | null; language: string | null; check_state: string | null }>(
      'SELECT r.id, r.status, r.status_reason, z.language, z.check_state FROM resources r LEFT JOIN zim_libraries z ON z.resource_id = r.id WHERE r.global_id = ?',
    )
    .get(globalId);

const checkedInB = (globalId: string) => pollFor('la comprobación en el kit que recibe', 20, () => (inB(globalId)?.check_state === 'checking' ? null : inB(globalId)));

beforeAll(async () => {
  [A, B, zim] = await Promise.all([buildTestApp(), buildTestApp(), libraryZim(dir)]);
  category = addCategory(A.app.db, 'Enciclopedias');
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await Promise.all([A.close(), B.close()]);
});

describe('a library in a content pack', () => {
  it('travels with its ZIM; the receiving kit reads its metadata and checks its MD5', async () => {
    const globalId = libraryOnA('Wikipedia en español', zim);
    const report = await packIntoB();
    expect(report).toMatchObject({ added: 1 });
    expect(await checkedInB(globalId)).toMatchObject({ status: 'published', language: 'spa', check_state: 'ok' });
  });

  it('is held back on the receiving kit when its MD5 does not match', async () => {
    const globalId = libraryOnA('Copia dañada', wrongChecksum(anotherCopy(zim)));
    await packIntoB();
    expect(await checkedInB(globalId)).toMatchObject({ status: 'blocked', check_state: 'failed', status_reason: 'La suma de comprobación del archivo ZIM no coincide: la copia está dañada' });
  });

  it('reads a library whose ZIM the receiving kit already stores from its stored copy', async () => {
    const bytes = anotherCopy(zim);
    addMedia(B.app.db, B.dataDir, bytes, 'zim', 'application/x-zim');
    const globalId = libraryOnA('Copia que B ya tiene', bytes);
    expect(await packIntoB()).toMatchObject({ added: 1 });
    expect(await checkedInB(globalId)).toMatchObject({ language: 'spa', check_state: 'ok' });
  });

  it('refuses the whole pack with ZIM_TRUNCATED when a ZIM in it is cut, and B keeps nothing of it', async () => {
    const cut = anotherCopy(zim).subarray(0, zim.length - 500);
    const globalId = libraryOnA('Copia cortada', cut);
    const error = await packIntoB().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('ZIM_TRUNCATED');
    expect(inB(globalId)).toBeUndefined();
    // Withdrawn on A, the next pack goes through again.
    A.app.db.prepare('DELETE FROM resources WHERE global_id = ?').run(globalId);
  });
});
