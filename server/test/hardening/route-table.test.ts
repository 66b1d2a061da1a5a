/**
 * The security table (route-table.ts) against the running app: every route of
 * the OpenAPI document is called as anonymous, user, denied admin and admin,
 * with restricted mode off and on, and each answer must match the table's
 * expectation. Also fails when the document and the table disagree on which
 * routes exist.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSettings } from '../../src/kit-settings/kit-settings.repo.ts';
import type { TestApp } from '../helper.ts';
import { ADMIN, ROUTE_TABLE, SAMPLE_BODIES, SAMPLE_HEADERS, type Access, type Expect } from './route-table.ts';
import { hardeningWorld, isFileRoute, type ApiRoute, type Role, type Sessions } from './support.ts';

const ROLES: Role[] = ['anonymous', 'user', 'denied', 'admin'];

let t: TestApp;
let sessions: Sessions;
let routes: ApiRoute[];
const ids: Record<string, string> = {};

beforeAll(async () => {
  ({ t, sessions, routes } = await hardeningWorld());
  const db = t.app.db;
  // Someone else: the objects the OWNER routes are aimed at.
  const victim = Number(db.prepare("INSERT INTO users (user_name, password_hash, name, last_name) VALUES ('vecina', 'x', 'Ana', 'Quispe')").run().lastInsertRowid);
  // The author of the notices (never a {userId} target, so never deleted by the admin pass).
  ids.author = String(db.prepare("INSERT INTO users (user_name, password_hash, name, last_name) VALUES ('vecino_anuncios', 'x', 'Luis', 'Mamani')").run().lastInsertRowid);
  const resource = db.prepare<[], { id: number }>("SELECT id FROM resources WHERE status = 'published' ORDER BY id LIMIT 1").get();
  const category = db.prepare<[], { id: number }>('SELECT id FROM categories ORDER BY id LIMIT 1').get();
  // a library file, not one the menu shows (restricted mode lets anyone fetch those)
  const media = db.prepare<[], { sha256: string; ext: string }>("SELECT m.sha256, m.ext FROM media m JOIN resources r ON r.media_sha256 = m.sha256 WHERE r.status = 'published' LIMIT 1").get();
  Object.assign(ids, {
    victim: String(victim), resource: String(resource?.id), category: String(category?.id),
    file: `${media?.sha256}.${media?.ext}`,
  });
});

afterAll(async () => {
  await t.close();
});

function urlFor(route: ApiRoute): string {
  return route.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (name === 'userId') return ids.victim ?? '';
    if (name === 'mode') return 'default';
    if (name === 'key') return 'library';
    if (name === 'slot') return 'menuTop';
    if (name === 'file') return ids.file ?? '';
    if (name === 'list') return 'all';
    if (route.path.startsWith('/api/uploads/')) return 'f'.repeat(32);
    if (name === 'resourceId' && route.path.startsWith('/api/comments/')) return ids.resource ?? '';
    if (route.path.includes('/ads/')) return ids.ad ?? '';
    if (route.path.includes('/resource/')) return ids.resource ?? '';
    if (route.path.includes('/categories/')) return ids.category ?? '';
    if (/\/users?\/|\/tracking\/user\//.test(route.path)) return ids.victim ?? '';
    return '999999';
  });
}

function matches(expect: Expect, status: number): boolean {
  if (status >= 500) return false;
  switch (expect) {
    case 'ok':
      return status !== 401 && status !== 403;
    case '401':
      return status === 401;
    case '403':
      return status === 403;
    case 'refused':
      return status === 403 || status === 404;
  }
}

/**
 * A refusal (401/403) is the error object (docs/PRODUCT.md#error-object) with its status and a stable
 * code, never a bare status; the admin guard's own are UNAUTHORIZED/FORBIDDEN.
 */
function refusalSays(access: Access, status: number, body: string, method: string): boolean {
  if (status !== 401 && status !== 403) return true;
  // a HEAD answer has the GET's status and headers, never a body
  if (method === 'HEAD') return body === '';
  const error = (JSON.parse(body) as { error?: { httpCode?: number; code?: string } }).error;
  if (access === ADMIN) return error?.code === (status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN');
  return error?.httpCode === status && typeof error.code === 'string';
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082', 'hex');

describe('security table', () => {
  it('names every route of the OpenAPI document, and only those', () => {
    const documented = routes.map((r) => r.key).sort();
    const tabled = Object.keys(ROUTE_TABLE).sort();
    expect(documented.filter((k) => !tabled.includes(k)), 'routes missing from server/test/hardening/route-table.ts').toEqual([]);
    expect(tabled.filter((k) => !documented.includes(k)), 'routes in the table that no longer exist').toEqual([]);
  });

  it('documents every registered /api route, and tables every admin-guarded one as ADMIN', () => {
    const asDocumented = (url: string) => url.replace(/:(\w+)/g, '{$1}');
    const registered = t.app.routeIndex.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
    const documented = new Set(routes.map((r) => r.key));
    expect(registered.map((r) => `${r.method} ${asDocumented(r.url)}`).filter((k) => !documented.has(k)), 'routes hidden from the OpenAPI document').toEqual([]);
    // the server's own marks: a route guarded by requireAdmin, or under the admin prefix
    const guarded = registered.filter((r) => r.admin || r.url.startsWith('/api/v2/admin/')).map((r) => `${r.method} ${asDocumented(r.url)}`);
    expect(guarded.length).toBeGreaterThan(30);
    expect(guarded.filter((k) => ROUTE_TABLE[k] !== ADMIN), 'admin routes the table does not mark ADMIN').toEqual([]);
  });

  it.each([
    ['off', false],
    ['on', true],
  ] as const)('answers every route × role as the table says, with restricted mode %s', async (_mode, restricted) => {
    writeSettings(t.app.db, { restrictedMode: restricted });
    const expected = (access: Access, role: Role): Expect => (role === 'anonymous' && restricted ? access.restricted : access[role]);
    const problems: string[] = [];
    for (const route of routes) {
      const access = ROUTE_TABLE[route.key];
      if (!access) continue;
      await sessions.refresh();
      // A fresh notice of someone else's per route (an earlier admin DELETE may have removed the last one).
      ids.ad = String(t.app.db.prepare("INSERT INTO ads (user_id, title, body, contact, category, expires_at) VALUES (?, 'Vendo papas', 'Papas nativas de la chacra', '987654321', 'venta', '2999-01-01T00:00:00Z')").run(ids.author).lastInsertRowid);
      const multipart = isFileRoute(route);
      for (const role of ROLES) {
        const boundary = 'KitBoundary';
        const payload = multipart
          ? Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`), PNG, Buffer.from(`\r\n--${boundary}--\r\n`)])
          : route.key in SAMPLE_BODIES ? JSON.stringify(SAMPLE_BODIES[route.key]) : undefined;
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: urlFor(route),
          headers: {
            ...sessions.headers(role),
            ...(multipart ? { 'content-type': `multipart/form-data; boundary=${boundary}` } : payload !== undefined ? { 'content-type': 'application/json' } : {}),
            ...SAMPLE_HEADERS[route.key],
          },
          remoteAddress: `10.200.${ROLES.indexOf(role)}.1`,
          ...(payload !== undefined ? { payload } : {}),
        });
        const expect = expected(access, role);
        if (!matches(expect, res.statusCode) || !refusalSays(access, res.statusCode, res.body, route.method)) problems.push(`${route.key} as ${role}: expected ${expect}, got ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    writeSettings(t.app.db, { restrictedMode: false });
    expect(problems).toEqual([]);
  }, 120_000);
});
