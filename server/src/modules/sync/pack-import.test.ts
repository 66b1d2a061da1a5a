import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { addCategory, addMedia, addResource, patternBytes } from '../../../test/library-fixtures.ts';
import { planPack, rememberExport, writePack } from './pack-export.ts';
import { importPack, type ImportReport } from './pack-import.ts';
import { loadOrCreateKitKey } from './sync-keys.ts';

// Real processes, disks and HTTP on a machine that may be busy: generous limits, never sleeps.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 240_000 });

/** The merge and conflict rule of docs/SYNC.md, between two kits' libraries. */

let A: TestApp;
let B: TestApp;
let globalId: string;

async function packFromA(): Promise<PassThrough> {
  const plan = planPack(A.app.db, loadOrCreateKitKey(A.dataDir), 'a.kit', null);
  rememberExport(A.app.db, plan);
  const out = new PassThrough();
  void writePack(A.dataDir, plan, out, () => undefined).then(() => out.end());
  return out;
}

async function importIntoB(): Promise<ImportReport> {
  return importPack({ db: B.app.db, dataDir: B.dataDir, diskReserveBytes: B.app.config.diskReserveBytes, key: loadOrCreateKitKey(B.dataDir) }, await packFromA(), { arrival: 'pending', acceptUntrusted: true, source: 'upload' });
}

const edit = (t: TestApp, column: 'title' | 'description', value: string) =>
  t.app.db.prepare(`UPDATE resources SET ${column} = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+1 second') WHERE global_id = ?`).run(value, globalId);
const inB = () => B.app.db.prepare('SELECT title, description, status FROM resources WHERE global_id = ?').get(globalId);

beforeAll(async () => {
  [A, B] = await Promise.all([buildTestApp(), buildTestApp()]);
  const cat = addCategory(A.app.db, 'Pesca');
  const id = addResource(A.app.db, { title: 'Redes de pesca', description: 'Cómo tejerlas', category: cat, media: addMedia(A.app.db, A.dataDir, patternBytes(10_000, 1), 'pdf', 'application/pdf') });
  globalId = (A.app.db.prepare('SELECT global_id FROM resources WHERE id = ?').get(id) as { global_id: string }).global_id;
});
afterAll(async () => Promise.all([A.close(), B.close()]));

describe('merging a pack into a library that has the same resources', () => {
  it('adds what is new, as pending when the admin says so', async () => {
    expect(await importIntoB()).toMatchObject({ added: 1, updated: 0, skipped: 0 });
    expect(inB()).toEqual({ title: 'Redes de pesca', description: 'Cómo tejerlas', status: 'pending' });
  });

  it('updates a resource edited only on the other kit, keeping the local status', async () => {
    B.app.db.prepare("UPDATE resources SET status = 'published' WHERE global_id = ?").run(globalId);
    edit(A, 'title', 'Redes de pesca artesanal');
    expect(await importIntoB()).toMatchObject({ added: 0, updated: 1 });
    expect(inB()).toEqual({ title: 'Redes de pesca artesanal', description: 'Cómo tejerlas', status: 'published' });
  });

  it('keeps a local edit when the other kit has nothing newer', async () => {
    edit(B, 'description', 'Cómo tejerlas y repararlas');
    const report = await importIntoB();
    expect(report).toMatchObject({ updated: 0, skipped: 1 });
    expect(report.items[0]?.reason).toBe('La copia de este kit es más reciente');
    expect(inB()).toMatchObject({ description: 'Cómo tejerlas y repararlas' });
  });

  it('resolves an edit on both kits in favour of the local version, and reports the conflict', async () => {
    edit(A, 'title', 'Redes (versión de A)');
    const report = await importIntoB();
    expect(report).toMatchObject({ updated: 0, skipped: 1 });
    expect(report.items[0]?.reason).toBe('Conflicto: editado en los dos kits; se conserva la versión de este kit');
    expect(inB()).toMatchObject({ title: 'Redes de pesca artesanal', description: 'Cómo tejerlas y repararlas' });
  });

  it('refuses to touch a resource this kit blocked', async () => {
    B.app.db.prepare("UPDATE resources SET status = 'blocked' WHERE global_id = ?").run(globalId);
    const report = await importIntoB();
    expect(report).toMatchObject({ refused: 1 });
    expect(inB()).toMatchObject({ status: 'blocked' });
  });
});
