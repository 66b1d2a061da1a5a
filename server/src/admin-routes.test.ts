import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, login, type TestApp } from '../test/helper.ts';
import { makeViewers, type Viewers } from '../test/portal-helpers.ts';

/**
 * Every admin API refuses anonymous callers (401), ordinary users (403) and
 * admins on the denied-users list (403), and lets an admin through. The table
 * is kept complete by the last test: a new admin route that is not listed
 * here makes it fail.
 */
interface AdminRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** a valid body, so validation (which may run before the check) cannot answer first */
  body?: object;
}

const ADMIN_ROUTES: readonly AdminRoute[] = [
  // resources moderation (contributions)
  { method: 'GET', url: '/api/v2/admin/resources/:list' },
  { method: 'POST', url: '/api/v2/admin/resources/:id/approve' },
  { method: 'POST', url: '/api/v2/admin/resources/:id/reject', body: { reason: 'Prueba' } },
  { method: 'POST', url: '/api/v2/admin/resources/:id/block', body: { reason: 'Prueba' } },
  { method: 'POST', url: '/api/v2/admin/resources/:id/unblock' },
  { method: 'POST', url: '/api/v2/admin/resources/:id/keep' },
  { method: 'POST', url: '/api/v2/admin/reports/:id/dismiss' },
  // content packs and sync
  { method: 'GET', url: '/api/v2/admin/sync/status' },
  { method: 'GET', url: '/api/v2/admin/sync/exports/:packId' },
  { method: 'POST', url: '/api/v2/admin/sync/export', body: {} },
  { method: 'POST', url: '/api/v2/admin/sync/import' },
  { method: 'POST', url: '/api/v2/admin/sync/import-usb', body: { drive: '/media/usb0', name: 'a.kitpack' } },
  { method: 'POST', url: '/api/v2/admin/sync/keys', body: { publicKey: 'x', label: 'y' } },
  { method: 'DELETE', url: '/api/v2/admin/sync/keys/:keyId' },
  { method: 'POST', url: '/api/v2/admin/sync/now', body: {} },
  { method: 'POST', url: '/api/v2/admin/sync/publish' },
  { method: 'POST', url: '/api/v2/admin/data/backup', body: {} },
  { method: 'GET', url: '/api/v2/admin/data/backups/:backupId' },
  { method: 'POST', url: '/api/v2/admin/data/restore' },
  { method: 'POST', url: '/api/v2/admin/data/restore-usb', body: { drive: '/media/usb0', name: 'a.kitbackup' } },
  // kit device
  { method: 'GET', url: '/api/v2/admin/device/status' },
  { method: 'POST', url: '/api/v2/admin/device/power', body: { action: 'reboot' } },
  { method: 'POST', url: '/api/v2/admin/device/hotspot', body: { state: 'on' } },
  { method: 'PUT', url: '/api/v2/admin/device/clock', body: { now: '2026-11-22T05:00:00Z' } },
  { method: 'PUT', url: '/api/v2/admin/device/certificate', body: { cert: 'x', key: 'y' } },
  { method: 'GET', url: '/api/v3/dashboard' },
  // categories, write side
  { method: 'POST', url: '/api/content/type/create', body: { name: 'Tabla' } },
  { method: 'PUT', url: '/api/content/type/:id/update', body: { name: 'Tabla' } },
  { method: 'PUT', url: '/api/v2/categories/:id/change-parent', body: { newParentId: null } },
  { method: 'PUT', url: '/api/content/type/sort', body: { order: [999999] } },
  { method: 'POST', url: '/api/v2/categories/:id/move-before', body: { refCategoryId: 999999 } },
  { method: 'DELETE', url: '/api/content/type/:id/delete' },
  // settings, reports, storage
  { method: 'GET', url: '/api/v2/admin/settings' },
  { method: 'PUT', url: '/api/v2/admin/settings', body: { servicesMode: 'default' } },
  { method: 'GET', url: '/api/v2/admin/reports/usage.csv' },
  { method: 'GET', url: '/api/v2/admin/users.csv' },
  { method: 'GET', url: '/api/v2/admin/storage' },
  // users
  { method: 'GET', url: '/api/v2/admin/users' },
  { method: 'DELETE', url: '/api/v2/admin/users/:userId' },
  { method: 'PUT', url: '/api/v2/admin/users/:userId/block' },
  { method: 'DELETE', url: '/api/v2/admin/users/:userId/block' },
  { method: 'PUT', url: '/api/v2/admin/users/:userId/admin' },
  { method: 'DELETE', url: '/api/v2/admin/users/:userId/admin' },
  { method: 'POST', url: '/api/v2/admin/users/:userId/temporary-credentials' },
  // portal: menu, banners, ads, contact, downloads
  { method: 'GET', url: '/api/v2/admin/menu/:mode' },
  { method: 'POST', url: '/api/v2/admin/menu/:mode/tiles' },
  { method: 'PATCH', url: '/api/v2/admin/menu/:mode/tiles/:key' },
  { method: 'DELETE', url: '/api/v2/admin/menu/:mode/tiles/:key' },
  { method: 'PUT', url: '/api/v2/admin/menu/:mode/order' },
  { method: 'GET', url: '/api/v2/admin/banners' },
  { method: 'POST', url: '/api/v2/admin/banners/:slot' },
  { method: 'DELETE', url: '/api/v2/admin/banners/:id' },
  { method: 'GET', url: '/api/v2/admin/ads' },
  { method: 'PUT', url: '/api/v2/admin/ads/:id/status', body: { status: 'published' } },
  { method: 'GET', url: '/api/v2/admin/contact-messages' },
  { method: 'POST', url: '/api/v2/admin/extra/app-package' },
  { method: 'DELETE', url: '/api/v2/admin/extra/app-package' },
  { method: 'POST', url: '/api/v2/admin/extra/browsers' },
  { method: 'DELETE', url: '/api/v2/admin/extra/browsers/:id' },
];

const PARAMS: Record<string, string> = { backupId: '0123456789abcdef0123456789abcdef', packId: '00000000-0000-0000-0000-000000000000', keyId: '0123456789abcdef', list: 'all', id: '999999', userId: '999999', mode: 'default', key: 'library', slot: 'menuTop' };
const concrete = (url: string) => url.replace(/:(\w+)/g, (_m, name: string) => PARAMS[name] ?? '1');

let t: TestApp;
let v: Viewers;
let denied: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  v = await makeViewers(t.app);
  const id = await createUser(t.app, 'vetada', 'secreto-vetada', { admin: true });
  t.app.db.prepare('INSERT INTO denied_users (user_id) VALUES (?)').run(id);
  denied = { authorization: `Bearer ${(await login(t.app, 'vetada', 'secreto-vetada')).token}` };
}, 60_000);
afterAll(async () => t.close());

const call = (route: AdminRoute, headers: Record<string, string>) =>
  t.app.inject({ method: route.method, url: concrete(route.url), headers, ...(route.body ? { payload: route.body } : {}) });

describe.each(ADMIN_ROUTES)('$method $url', (route) => {
  it('refuses an anonymous caller with 401 and the error object', async () => {
    const res = await call(route, v.anonymous);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({ httpCode: 401, code: 'UNAUTHORIZED' });
  });

  it('refuses an ordinary user with 403 FORBIDDEN', async () => {
    const res = await call(route, v.user);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  });

  it('refuses an admin on the denied-users list with 403 FORBIDDEN', async () => {
    const res = await call(route, denied);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  });

  it('lets an admin past the check', async () => {
    const res = await call(route, v.admin);
    expect(res.statusCode).not.toBe(401);
    expect(res.statusCode).not.toBe(403);
  });
});

describe('the admin route table', () => {
  it('lists every route that requires an admin, and nothing else', () => {
    const isAdminRoute = (r: { url: string; admin: boolean }) => r.admin || r.url.startsWith('/api/v2/admin/') || r.url === '/api/v3/dashboard';
    const registered = t.app.routeIndex.filter(isAdminRoute).map((r) => `${r.method} ${r.url}`).sort();
    const listed = ADMIN_ROUTES.map((r) => `${r.method} ${r.url}`).sort();
    expect(registered.length).toBeGreaterThan(30);
    expect(listed).toEqual(registered);
  });
});
