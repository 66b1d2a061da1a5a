import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { addCategory, addPlaylist, addResource } from '../../../test/library-fixtures.ts';
import { makeViewers, type Viewers } from '../../../test/portal-helpers.ts';
import { dayMinus } from '../../days.ts';

let t: TestApp;
let v: Viewers & { ids: { admin: number; user: number; other: number } };

beforeAll(async () => {
  t = await buildTestApp();
  v = await makeViewers(t.app);
});
afterAll(async () => t.close());

const n = (sql: string) => (t.app.db.prepare(sql).get() as { n: number }).n;
/** The counters as SQL sees them, written independently of the repo. */
const expected = () => ({
  users: n('SELECT COUNT(*) n FROM users'),
  resources: n("SELECT COUNT(*) n FROM resources WHERE status='published'"),
  playlists: n('SELECT COUNT(*) n FROM playlists'),
  downloads: n('SELECT COALESCE(SUM(downloads),0) n FROM resources'),
  reports: n("SELECT COUNT(*) n FROM reports WHERE status='open'"),
  pendingApproval: n("SELECT COUNT(*) n FROM resources WHERE status='pending'"),
  drafts: n("SELECT COUNT(*) n FROM resources WHERE status='draft'"),
  categories: n('SELECT COUNT(*) n FROM categories'),
});
const dashboard = async () => (await t.app.inject({ method: 'GET', url: '/api/v3/dashboard', headers: v.admin })).json();

describe('GET /api/v3/dashboard', () => {
  it('answers the eight counters equal to the database, on an empty kit', async () => {
    const body = await dashboard();
    expect(body).toMatchObject(expected());
    expect(body).toMatchObject({ users: 3, resources: 0, categories: 0 });
  });

  it('follows every change: resources by status, reports, playlists, downloads, categories', async () => {
    const db = t.app.db;
    const cat = addCategory(db, 'Salud', { priority: 1 });
    const a = addResource(db, { title: 'Agua segura', category: cat, views: 40, downloads: 7, type: 3 });
    const b = addResource(db, { title: 'Huerto', category: cat, views: 5, downloads: 2, type: 2 });
    addResource(db, { title: 'Pendiente', status: 'pending' });
    addResource(db, { title: 'Borrador 1', status: 'draft' });
    addResource(db, { title: 'Borrador 2', status: 'draft' });
    addResource(db, { title: 'Bloqueado', status: 'blocked', downloads: 1 });
    addPlaylist(db, v.ids.user, 'Mi lista', [a, b]);
    db.prepare("INSERT INTO reports (resource_id, user_id, reason) VALUES (?, ?, 'spam')").run(a, v.ids.user);
    db.prepare("INSERT INTO reports (resource_id, user_id, reason, status) VALUES (?, ?, 'ok', 'kept')").run(b, v.ids.user);
    const body = await dashboard();
    expect(body).toMatchObject(expected());
    expect(body).toMatchObject({ resources: 2, pendingApproval: 1, drafts: 2, reports: 1, playlists: 1, downloads: 10, categories: 1, users: 3 });
    expect(body.charts.byType).toEqual([{ typeCode: 2, count: 1 }, { typeCode: 3, count: 1 }]);
    expect(body.charts.topResources[0]).toMatchObject({ title: 'Agua segura', views: 40 });
    expect(body.charts.topCategories).toEqual([{ id: cat, name: 'Salud', views: 45, resources: 2 }]);
  });

  it('gives 30 days of views and downloads, zeros included, oldest first', async () => {
    const r = addResource(t.app.db, { title: 'Con visitas' });
    const today = dayMinus(new Date(), 0);
    t.app.db.prepare('INSERT INTO resource_stats_daily (resource_id, day, views, downloads) VALUES (?, ?, 9, 3), (?, ?, 4, 0), (?, ?, 100, 100)').run(
      r, today, r, dayMinus(new Date(), 29), r, dayMinus(new Date(), 30),
    );
    const { perDay } = (await dashboard()).charts;
    expect(perDay).toHaveLength(30);
    expect(perDay[29]).toEqual({ day: today, views: 9, downloads: 3 });
    expect(perDay[0]).toMatchObject({ views: 4 });
    expect(perDay.reduce((s: number, d: { views: number }) => s + d.views, 0)).toBe(13);
  });
});
