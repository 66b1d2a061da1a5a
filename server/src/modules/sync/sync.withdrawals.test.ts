/**
 * Withdrawals and category changes between two real kits on loopback
 * (docs/SYNC.md, format 2): A publishes change packs to its hub, B pulls
 * them. A block, a delete or a deleted category on A hides B's copy unless
 * B edited it; a category renamed on A is renamed on B unless B renamed it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrate } from '../../db/migrate.ts';
import { type KitProcess } from '../../../test/kit-process.ts';
import { addCategory, addMedia, addResource, patternBytes } from '../../../test/library-fixtures.ts';
import { KitPair, runSyncJob, trustKit, withDb } from '../../../test/sync-kits.ts';
import type { ImportReport } from './import-report.ts';

// Real processes, disks and HTTP on a machine that may be busy: generous limits, never sleeps.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 240_000 });

const PASSWORD = 'clave-admin-retiros';
const kits = new KitPair('withdraw', PASSWORD);
const onA: Record<string, number> = {};

const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

async function call(kit: KitProcess, token: string, method: string, url: string, body: unknown = {}): Promise<Response> {
  const res = await fetch(`${kit.base}/api${url}`, { method, headers: auth(token), body: JSON.stringify(body) });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return res;
}

const runJob = (kit: KitProcess, token: string, url: string, body: unknown = {}) => runSyncJob<ImportReport>(kit, token, `/api${url}`, body);

/** A publishes what changed, B pulls it (new resources arrive published). */
async function syncAtoB(): Promise<ImportReport> {
  expect(await runJob(kits.A, kits.tokenA, '/v2/admin/sync/publish')).toMatchObject({ state: 'done' });
  const pulled = await runJob(kits.B, kits.tokenB, '/v2/admin/sync/now', { arrival: 'published' });
  expect(pulled.state, pulled.message ?? '').toBe('done');
  return pulled.report as ImportReport;
}

const globalIds: Record<string, string> = {};
const onB = (title: string) =>
  withDb(kits.dirB, (db) => db.prepare('SELECT id, title, status, status_reason AS reason FROM resources WHERE global_id = ?').get(globalIds[title]) as { id: number; title: string; status: string; reason: string | null });
const categoriesOfB = () => withDb(kits.dirB, (db) => (db.prepare('SELECT name FROM categories ORDER BY name').all() as { name: string }[]).map((c) => c.name));
const itemOf = (report: ImportReport, title: string) => report.items.find((i) => i.title === title);

/** What anyone on B's Wi-Fi sees: the library list and a resource's page. */
async function visibleOnB(id: number): Promise<{ page: number; library: boolean }> {
  const page = (await fetch(`${kits.B.base}/api/v2/resource/${id}`)).status;
  const all = (await (await fetch(`${kits.B.base}/api/content/all?per_page=60`)).json()) as { data: { id: number }[] };
  return { page, library: all.data.some((r) => r.id === id) };
}

beforeAll(async () => {
  withDb(kits.dirA, (db) => {
    migrate(db);
    const huerta = addCategory(db, 'Huerta', { priority: 1 });
    onA.Semillas = addCategory(db, 'Semillas', { parent: huerta, priority: 1 });
    onA.Frutales = addCategory(db, 'Frutales', { parent: huerta, priority: 2 });
    onA.Temporal = addCategory(db, 'Temporal', { priority: 2 });
    onA.Viejo = addCategory(db, 'Viejo', { parent: onA.Temporal, priority: 1 });
    const doc = addMedia(db, kits.dirA, patternBytes(30_000, 7), 'pdf', 'application/pdf');
    for (const [title, category] of [
      ['Abono casero', onA.Semillas],
      ['Poda de frutales', onA.Frutales],
      ['Injertos', onA.Frutales],
      ['Riego nocturno', onA.Semillas],
    ] as const) {
      onA[title] = addResource(db, { title, type: 2, category, media: doc });
      globalIds[title] = (db.prepare('SELECT global_id FROM resources WHERE id = ?').get(onA[title]) as { global_id: string }).global_id;
    }
  });
  await kits.start({}, (portA) => ({ KIT_SYNC_FEED_URL: `http://127.0.0.1:${portA}/hub/feed.json`, KIT_SYNC_INTERVAL_HOURS: '0' }));
  await trustKit(kits.B, kits.tokenB, kits.A, kits.tokenA, 'Kit A');
  const first = await syncAtoB();
  expect(first).toMatchObject({ added: 4, categoriesAdded: 5, withdrawn: 0 });
}, 240_000);

afterAll(() => kits.stop());

describe('withdrawals in change packs', () => {
  it('a block, a delete and a deleted branch of categories on A reach B, and B hides them', async () => {
    const abono = onB('Abono casero');
    const poda = onB('Poda de frutales');
    expect(await visibleOnB(abono.id)).toEqual({ page: 200, library: true });

    await call(kits.A, kits.tokenA, 'POST', `/v2/admin/resources/${onA['Abono casero']}/block`, { reason: 'Receta peligrosa' });
    // No route deletes a published resource; the tombstone comes from the database itself, whatever deletes it.
    withDb(kits.dirA, (db) => db.prepare('DELETE FROM resources WHERE id = ?').run(onA['Poda de frutales']));
    await call(kits.A, kits.tokenA, 'DELETE', `/content/type/${onA.Viejo}/delete`);
    await call(kits.A, kits.tokenA, 'DELETE', `/content/type/${onA.Temporal}/delete`);

    const report = await syncAtoB();
    expect(report).toMatchObject({ added: 0, withdrawn: 2, categoriesRemoved: 2 });
    expect(itemOf(report, 'Abono casero')).toMatchObject({ kind: 'resource', outcome: 'withdrawn' });
    expect(itemOf(report, 'Temporal')).toMatchObject({ kind: 'category', outcome: 'withdrawn', reason: 'Eliminada en el kit de origen' });

    expect(onB('Abono casero')).toMatchObject({ status: 'blocked', reason: 'Retirado en el kit de origen (portal.kit)' });
    expect(onB('Poda de frutales')).toMatchObject({ status: 'blocked' });
    expect(await visibleOnB(abono.id)).toEqual({ page: 404, library: false });
    expect(await visibleOnB(poda.id)).toEqual({ page: 404, library: false });
    expect(categoriesOfB()).toEqual(['Frutales', 'Huerta', 'Semillas']);
    // The rest stays.
    expect(await visibleOnB(onB('Injertos').id)).toEqual({ page: 200, library: true });

    // Pulling again changes nothing.
    expect(await runJob(kits.B, kits.tokenB, '/v2/admin/sync/now', { arrival: 'published' })).toMatchObject({ message: 'Sincronizado: no había paquetes nuevos' });
  });

  it('a copy edited on B is kept when A withdraws it, and the report says so', async () => {
    const injertos = onB('Injertos');
    withDb(kits.dirB, (db) => db.prepare("UPDATE resources SET title = 'Injertos en el valle' WHERE id = ?").run(injertos.id));
    await call(kits.A, kits.tokenA, 'POST', `/v2/admin/resources/${onA.Injertos}/block`, {});

    const report = await syncAtoB();
    expect(report).toMatchObject({ withdrawn: 0, skipped: 1 });
    expect(itemOf(report, 'Injertos en el valle')).toMatchObject({
      outcome: 'skipped',
      reason: 'Retirado en el kit de origen, pero editado en este kit: se conserva la versión de este kit',
    });
    expect(onB('Injertos')).toMatchObject({ title: 'Injertos en el valle', status: 'published' });
    expect(await visibleOnB(injertos.id)).toEqual({ page: 200, library: true });
  });

  it('a resource A publishes again comes back to B', async () => {
    await call(kits.A, kits.tokenA, 'POST', `/v2/admin/resources/${onA['Abono casero']}/unblock`);
    const report = await syncAtoB();
    expect(itemOf(report, 'Abono casero')).toMatchObject({ outcome: 'updated', reason: 'Vuelve a estar disponible en el kit de origen' });
    expect(onB('Abono casero')).toMatchObject({ status: 'published', reason: null });
    expect(await visibleOnB(onB('Abono casero').id)).toEqual({ page: 200, library: true });
  });
});

describe('categories changed on the other kit', () => {
  it('a rename on A reaches B; a category B renamed itself keeps its name here, and the report says so', async () => {
    await call(kits.A, kits.tokenA, 'PUT', `/content/type/${onA.Semillas}/update`, { name: 'Semillas y plantines' });
    await call(kits.A, kits.tokenA, 'PUT', `/content/type/${onA.Frutales}/update`, { name: 'Árboles frutales' });
    const frutalesB = withDb(kits.dirB, (db) => (db.prepare("SELECT id FROM categories WHERE name = 'Frutales'").get() as { id: number }).id);
    await call(kits.B, kits.tokenB, 'PUT', `/content/type/${frutalesB}/update`, { name: 'Frutales del valle' });

    // Only categories changed: A still publishes a change pack.
    const report = await syncAtoB();
    expect(report).toMatchObject({ added: 0, updated: 0, categoriesUpdated: 1, categoriesKept: 1 });
    expect(itemOf(report, 'Semillas y plantines')).toMatchObject({ kind: 'category', outcome: 'updated', reason: 'Antes: «Semillas»' });
    expect(itemOf(report, 'Frutales del valle')).toMatchObject({
      kind: 'category',
      outcome: 'skipped',
      reason: 'Conflicto: cambiada en los dos kits; se conserva la versión de este kit',
    });
    expect(categoriesOfB()).toEqual(['Frutales del valle', 'Huerta', 'Semillas y plantines']);
  });
});
