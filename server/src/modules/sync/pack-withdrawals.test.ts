import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { addCategory, addMedia, addResource, patternBytes } from '../../../test/library-fixtures.ts';
import { planPack, rememberExport, writePack, type PlannedPack } from './pack-export.ts';
import { PACK_FORMAT, type Manifest } from './pack-format.ts';
import { importPack, type ImportReport } from './pack-import.ts';
import { loadOrCreateKitKey, signBytes } from './sync-keys.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

/** Format 2 of docs/SYNC.md between two kits' libraries: withdrawals, category merging, older and newer formats. */

let A: TestApp;
let B: TestApp;
const gid: Record<string, string> = {};

const keyOf = (t: TestApp) => loadOrCreateKitKey(t.dataDir);

function plan(from: TestApp, opts: { scope?: string[] | null; since?: string | null } = {}): PlannedPack {
  const p = planPack(from.app.db, keyOf(from), from === A ? 'a.kit' : 'b.kit', opts.scope ?? null, opts.since ?? null);
  rememberExport(from.app.db, p);
  return p;
}

/** The same pack with its manifest changed and signed again by its kit, as an older or newer Kit Portal would write it. */
function rewritten(from: TestApp, p: PlannedPack, change: (m: Record<string, unknown>) => void): PlannedPack {
  const manifest = structuredClone(p.manifest) as unknown as Record<string, unknown>;
  change(manifest);
  const manifestBytes = Buffer.from(JSON.stringify(manifest), 'utf8');
  return { ...p, manifest: manifest as unknown as Manifest, manifestBytes, signatureBytes: Buffer.from(JSON.stringify(signBytes(keyOf(from), manifestBytes))) };
}

async function importInto(to: TestApp, from: TestApp, p: PlannedPack): Promise<ImportReport> {
  const out = new PassThrough();
  void writePack(from.dataDir, p, out, () => undefined).then(() => out.end());
  return importPack({ db: to.app.db, dataDir: to.dataDir, diskReserveBytes: to.app.config.diskReserveBytes, key: keyOf(to) }, out, { arrival: 'published', acceptUntrusted: true, source: 'upload' });
}

const row = (t: TestApp, table: 'resources' | 'categories', globalId: string) =>
  t.app.db.prepare(`SELECT * FROM ${table} WHERE global_id = ?`).get(globalId) as Record<string, unknown> | undefined;
const idOf = (t: TestApp, table: 'resources' | 'categories', globalId: string) => row(t, table, globalId)?.id as number;
const globalIdOf = (t: TestApp, table: 'resources' | 'categories', id: number) => (t.app.db.prepare(`SELECT global_id FROM ${table} WHERE id = ?`).get(id) as { global_id: string }).global_id;

beforeAll(async () => {
  [A, B] = await Promise.all([buildTestApp(), buildTestApp()]);
  const db = A.app.db;
  const media = addMedia(db, A.dataDir, patternBytes(8000, 3), 'pdf', 'application/pdf');
  const cats = { Pesca: addCategory(db, 'Pesca', { priority: 1 }), Mar: 0, Lago: 0, Ríos: addCategory(db, 'Ríos', { priority: 2 }), Costa: addCategory(db, 'Costa', { priority: 3 }) };
  cats.Mar = addCategory(db, 'Mar', { parent: cats.Pesca, priority: 1 });
  cats.Lago = addCategory(db, 'Lago', { parent: cats.Pesca, priority: 2 });
  for (const [name, id] of Object.entries(cats)) gid[name] = globalIdOf(A, 'categories', id);
  for (const [title, cat] of [
    ['Redes', cats.Mar],
    ['Anzuelos', cats.Lago],
    ['Botes', cats.Ríos],
  ] as const) {
    gid[title] = globalIdOf(A, 'resources', addResource(db, { title, category: cat, media }));
  }
});
afterAll(async () => Promise.all([A.close(), B.close()]));

describe('format 2 packs', () => {
  it('a pack from the previous format still imports, and a newer one is refused', async () => {
    const old = rewritten(A, plan(A), (m) => {
      m.format = 1;
      delete m.withdrawals;
    });
    expect(await importInto(B, A, old)).toMatchObject({ added: 3, categoriesAdded: 5, withdrawn: 0 });
    // Format 2 requires its withdrawals: a changed shape is a damaged pack, not an older one.
    await expect(importInto(B, A, rewritten(A, plan(A), (m) => delete m.withdrawals))).rejects.toMatchObject({ code: 'PACK_CORRUPT' });
    const future = rewritten(A, plan(A), (m) => (m.format = PACK_FORMAT + 1));
    await expect(importInto(B, A, future)).rejects.toMatchObject({ code: 'PACK_TOO_NEW' });
  });

  it('a change pack carries what was withdrawn or deleted after its start, and a scoped pack only what was inside its scope', async () => {
    const since = new Date(Date.now() - 1).toISOString();
    A.app.db.prepare("UPDATE resources SET status = 'blocked' WHERE global_id = ?").run(gid.Anzuelos);
    A.app.db.prepare('DELETE FROM resources WHERE global_id = ?').run(gid.Botes);
    const change = plan(A, { since });
    expect(change.manifest.resources).toEqual([]);
    expect(change.manifest.withdrawals).toHaveLength(2);
    expect(change.manifest.withdrawals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'resource', globalId: gid.Anzuelos, state: 'withdrawn' }),
        expect.objectContaining({ kind: 'resource', globalId: gid.Botes, state: 'deleted' }),
      ]),
    );
    expect(plan(A, { scope: [gid.Mar as string] }).manifest.withdrawals).toEqual([]);
    expect(plan(A, { scope: [gid.Pesca as string] }).manifest.withdrawals?.map((w) => w.globalId)).toEqual([gid.Anzuelos]);

    const report = await importInto(B, A, change);
    expect(report).toMatchObject({ withdrawn: 2 });
    expect(row(B, 'resources', gid.Anzuelos as string)).toMatchObject({ status: 'blocked' });
    expect(row(B, 'resources', gid.Botes as string)).toMatchObject({ status: 'blocked' });
    const events = B.app.db.prepare("SELECT e.actor_id AS actor, e.reason FROM resource_events e JOIN resources r ON r.id = e.resource_id WHERE r.global_id = ? AND e.action = 'block'");
    expect(events.all(gid.Anzuelos), 'in the copy\'s history as the kit\'s own block').toEqual([{ actor: null, reason: expect.stringMatching(/^Retirado en el kit de origen/) }]);
    // Published again on A: off the list of withdrawals.
    A.app.db.prepare("UPDATE resources SET status = 'published' WHERE global_id = ?").run(gid.Anzuelos);
    expect(plan(A).manifest.withdrawals?.map((w) => w.globalId)).toEqual([gid.Botes]);
  });

  it('only the kit a copy came from withdraws it', async () => {
    // B's own resource, exported to A; A blocks it; A's pack must not withdraw B's original.
    const own = addResource(B.app.db, { title: 'Mareas', category: idOf(B, 'categories', gid.Mar as string) });
    gid.Mareas = globalIdOf(B, 'resources', own);
    await importInto(A, B, plan(B));
    A.app.db.prepare("UPDATE resources SET status = 'blocked' WHERE global_id = ?").run(gid.Mareas);
    const report = await importInto(B, A, plan(A));
    expect(report.items.find((i) => i.globalId === gid.Mareas)).toMatchObject({ outcome: 'skipped', reason: 'Retirado en el otro kit, pero la copia de este kit no vino de él' });
    expect(row(B, 'resources', gid.Mareas)).toMatchObject({ status: 'published' });
  });

  it('a category moved on A moves on B; one deleted on A goes from B, or is hidden or kept when B still uses it', async () => {
    // A moves Lago to the top level, first.
    A.app.db.prepare("UPDATE categories SET parent_id = NULL, priority = 0, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE global_id = ?").run(gid.Lago);
    expect(await importInto(B, A, plan(A))).toMatchObject({ categoriesUpdated: 1 });
    expect(row(B, 'categories', gid.Lago as string)).toMatchObject({ parent_id: null, priority: 0 });

    // A empties and deletes Costa, Lago, Mar and Ríos. On B, Costa is empty, Lago and Ríos still hold
    // the copies withdrawn from them, and Mar holds B's own published resource.
    A.app.db.prepare('DELETE FROM resources WHERE global_id IN (?, ?, ?)').run(gid.Anzuelos, gid.Redes, gid.Mareas);
    A.app.db.prepare('DELETE FROM categories WHERE global_id IN (?, ?, ?, ?)').run(gid.Costa, gid.Lago, gid.Mar, gid.Ríos);
    const report = await importInto(B, A, plan(A));
    const about = (name: string) => report.items.find((i) => i.kind === 'category' && i.globalId === gid[name]);
    const hidden = { outcome: 'withdrawn', reason: 'Eliminada en el kit de origen; se oculta porque todavía guarda recursos no publicados' };
    expect(about('Costa')).toMatchObject({ outcome: 'withdrawn', reason: 'Eliminada en el kit de origen' });
    expect(about('Lago')).toMatchObject(hidden);
    expect(about('Ríos')).toMatchObject(hidden);
    expect(about('Mar')).toMatchObject({ outcome: 'skipped', reason: 'Eliminada en el kit de origen, pero aquí todavía tiene recursos publicados o subcategorías' });
    expect(report).toMatchObject({ withdrawn: 2, categoriesRemoved: 3, categoriesKept: 1 });
    expect(row(B, 'categories', gid.Costa as string)).toBeUndefined();
    expect(row(B, 'categories', gid.Lago as string)).toMatchObject({ status_id: 0 });
    expect(row(B, 'categories', gid.Mar as string)).toMatchObject({ status_id: 1 });
    expect(row(B, 'resources', gid.Mareas as string)).toMatchObject({ status: 'published' });
  });
});
