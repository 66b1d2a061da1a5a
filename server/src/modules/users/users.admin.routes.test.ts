import { UserPageSchema } from '@kit/contract';
import type { InjectOptions } from 'fastify';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, login, type TestApp } from '../../../test/helper.ts';
import type { Viewer } from '../../access/viewer.ts';
import { deleteUser, setUserAdmin, setUserBlocked } from './users.service.ts';

let t: TestApp;
const ids = { admin: 0, denied: 0, user: 0 };
const tokens = { admin: '', denied: '', user: '' };

beforeAll(async () => {
  t = await buildTestApp();
  ids.admin = await createUser(t.app, 'jefa', 'clave-de-jefa', { admin: true });
  ids.denied = await createUser(t.app, 'vetado', 'clave-vetado', { admin: true });
  t.app.db.prepare('INSERT INTO denied_users (user_id) VALUES (?)').run(ids.denied);
  ids.user = await createUser(t.app, 'rosa', 'papa-amarilla');
  t.app.db.prepare("UPDATE users SET email = 'rosa@kit.pe', phone_number = '987654321', code_phone = '+51' WHERE id = ?").run(ids.user);
  tokens.admin = (await login(t.app, 'jefa', 'clave-de-jefa')).token;
  tokens.denied = (await login(t.app, 'vetado', 'clave-vetado')).token;
  tokens.user = (await login(t.app, 'rosa', 'papa-amarilla')).token;
});
afterAll(() => t.close());

type Method = NonNullable<InjectOptions['method']>;
const api = (method: Method, url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, ...(payload ? { payload } : {}), headers: token ? { authorization: `Bearer ${token}` } : {} });
const codeOf = (res: { json: () => { error?: { code: string } } }) => res.json().error?.code;
let n = 0;
const victim = async (opts: { admin?: boolean } = {}) => {
  const name = `vecino${++n}`;
  const id = await createUser(t.app, name, 'clave-vecino', opts);
  return { id, name, token: (await login(t.app, name, 'clave-vecino')).token };
};

describe('every /api/v2/admin/users endpoint', () => {
  const endpoints: Array<[Method, (id: number) => string]> = [
    ['GET', () => '/v2/admin/users'],
    ['DELETE', (id) => `/v2/admin/users/${id}`],
    ['PUT', (id) => `/v2/admin/users/${id}/block`],
    ['DELETE', (id) => `/v2/admin/users/${id}/block`],
    ['PUT', (id) => `/v2/admin/users/${id}/admin`],
    ['DELETE', (id) => `/v2/admin/users/${id}/admin`],
    ['POST', (id) => `/v2/admin/users/${id}/temporary-credentials`],
  ];

  it.each(endpoints)('%s %s refuses anonymous (401), a user (403) and a denied admin (403), and changes nothing', async (method, url) => {
    const target = await victim();
    expect(codeOf(await api(method, url(target.id)))).toBe('UNAUTHORIZED');
    expect(codeOf(await api(method, url(target.id), tokens.user))).toBe('FORBIDDEN');
    expect(codeOf(await api(method, url(target.id), tokens.denied))).toBe('FORBIDDEN');
    const row = t.app.db.prepare('SELECT is_admin, blocked FROM users WHERE id = ?').get(target.id);
    expect(row).toEqual({ is_admin: 0, blocked: 0 });
    expect(t.app.db.prepare('SELECT count(*) AS n FROM temporary_credentials WHERE user_id = ?').get(target.id)).toEqual({ n: 0 });
  });

  it.each(endpoints.slice(1))('%s %s answers 404 for an unknown user', async (method, url) => {
    const res = await api(method, url(999_999), tokens.admin);
    expect(res.statusCode).toBe(404);
    expect(codeOf(res)).toBe('NOT_FOUND');
  });
});

describe('GET /api/v2/admin/users', () => {
  it('lists every user, blocked ones too, with private fields, paged', async () => {
    const blocked = await victim();
    t.app.db.prepare('UPDATE users SET blocked = 1 WHERE id = ?').run(blocked.id);
    const res = await api('GET', '/v2/admin/users?per_page=100', tokens.admin);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(Value.Check(UserPageSchema, page)).toBe(true);
    const total = t.app.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM users').get()?.n;
    expect(page.total).toBe(total);
    expect(page.data.find((u: { id: number }) => u.id === blocked.id)).toMatchObject({ blocked: true });
    expect(page.data.find((u: { id: number }) => u.id === ids.user)).toMatchObject({ email: 'rosa@kit.pe', phone_number: '987654321', denied: false });
    expect(page.data.find((u: { id: number }) => u.id === ids.denied)).toMatchObject({ denied: true });
    const filtered = (await api('GET', '/v2/admin/users?q=ROSA', tokens.admin)).json();
    expect(filtered.data.map((u: { user_name: string }) => u.user_name)).toEqual(['rosa']);
    const paged = (await api('GET', '/v2/admin/users?per_page=1&page=2', tokens.admin)).json();
    expect(paged).toMatchObject({ from: 2, to: 2, per_page: 1, current_page: 2, last_page: total });
  });
});

describe('DELETE /api/v2/admin/users/{userId} (user-list deletion)', () => {
  it('removes the account with its comments, favourites and playlists; its resources stay without owner', async () => {
    const gone = await victim();
    const other = await victim();
    const db = t.app.db;
    const resource = Number(db.prepare("INSERT INTO resources (global_id, title, type_code, user_id, status) VALUES ('r-del', 'Cuentos', 2, ?, 'published')").run(gone.id).lastInsertRowid);
    const kept = Number(db.prepare("INSERT INTO resources (global_id, title, type_code, user_id, status) VALUES ('r-kept', 'Canciones', 3, ?, 'published')").run(other.id).lastInsertRowid);
    db.prepare("INSERT INTO comments (resource_id, user_id, comment) VALUES (?, ?, 'Muy bueno')").run(kept, gone.id);
    db.prepare("INSERT INTO comments (resource_id, user_id, comment) VALUES (?, ?, 'Gracias')").run(resource, other.id);
    db.prepare('INSERT INTO favorites (user_id, resource_id) VALUES (?, ?)').run(gone.id, kept);
    const playlist = Number(db.prepare("INSERT INTO playlists (user_id, name) VALUES (?, 'Mi lista')").run(gone.id).lastInsertRowid);
    db.prepare('INSERT INTO playlist_items (playlist_id, resource_id, position) VALUES (?, ?, 1)').run(playlist, kept);
    db.prepare("INSERT INTO reports (resource_id, user_id, reason) VALUES (?, ?, 'spam')").run(kept, gone.id);

    const res = await api('DELETE', `/v2/admin/users/${gone.id}`, tokens.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    expect(db.prepare('SELECT user_id FROM resources WHERE id = ?').get(resource)).toEqual({ user_id: null });
    expect(db.prepare('SELECT count(*) AS n FROM comments WHERE user_id = ?').get(gone.id)).toEqual({ n: 0 });
    expect(db.prepare('SELECT count(*) AS n FROM comments WHERE resource_id = ?').get(resource)).toEqual({ n: 1 });
    expect(db.prepare('SELECT count(*) AS n FROM favorites WHERE user_id = ?').get(gone.id)).toEqual({ n: 0 });
    expect(db.prepare('SELECT count(*) AS n FROM playlists WHERE id = ?').get(playlist)).toEqual({ n: 0 });
    expect(db.prepare('SELECT count(*) AS n FROM playlist_items WHERE playlist_id = ?').get(playlist)).toEqual({ n: 0 });
    expect(db.prepare('SELECT user_id FROM reports WHERE resource_id = ?').get(kept)).toEqual({ user_id: null });
    expect(codeOf(await api('GET', `/users/${gone.id}`))).toBe('NOT_FOUND');
    expect((await api('GET', '/v2/session', gone.token)).statusCode).toBe(401);
    expect((await api('POST', '/auth', undefined, { user_name: gone.name, password: 'clave-vecino' })).statusCode).toBe(401);
    // a second delete is the deleteError case
    expect(codeOf(await api('DELETE', `/v2/admin/users/${gone.id}`, tokens.admin))).toBe('NOT_FOUND');
  });

  it('refuses to delete yourself with 409 CANNOT_MODIFY_SELF', async () => {
    const res = await api('DELETE', `/v2/admin/users/${ids.admin}`, tokens.admin);
    expect(res.statusCode).toBe(409);
    expect(codeOf(res)).toBe('CANNOT_MODIFY_SELF');
    expect(t.app.db.prepare('SELECT count(*) AS n FROM users WHERE id = ?').get(ids.admin)).toEqual({ n: 1 });
  });

  it('deletes another admin while one remains', async () => {
    const other = await victim({ admin: true });
    expect((await api('DELETE', `/v2/admin/users/${other.id}`, tokens.admin)).statusCode).toBe(200);
  });
});

describe('PUT and DELETE /api/v2/admin/users/{userId}/block', () => {
  it('blocks: sessions end, login is refused, the picture is withheld; unblocking lets them log in again', async () => {
    const u = await victim();
    const sha = 'a'.repeat(64);
    t.app.db.prepare("INSERT INTO media (sha256, ext, mime, size) VALUES (?, 'webp', 'image/webp', 10)").run(sha);
    t.app.db.prepare('UPDATE users SET image_sha256 = ? WHERE id = ?').run(sha, u.id);
    expect((await api('GET', `/users/${u.id}`)).json().FullImageUrl).toMatch(new RegExp(`^/api/v2/users/${u.id}/image\\?v=`));

    const blocked = await api('PUT', `/v2/admin/users/${u.id}/block`, tokens.admin);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({ id: u.id, blocked: true, FullImageUrl: null, details: { image: null } });
    expect((await api('GET', `/users/${u.id}`)).json().FullImageUrl).toBeNull();
    expect((await api('GET', '/v2/session', u.token)).statusCode).toBe(401);
    const refused = await api('POST', '/auth', undefined, { user_name: u.name, password: 'clave-vecino' });
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe('USER_BLOCKED');

    const unblocked = await api('DELETE', `/v2/admin/users/${u.id}/block`, tokens.admin);
    expect(unblocked.json()).toMatchObject({ blocked: false, FullImageUrl: expect.stringContaining(`/api/v2/users/${u.id}/image`) });
    expect((await api('POST', '/auth', undefined, { user_name: u.name, password: 'clave-vecino' })).statusCode).toBe(200);
    // the token from before the block does not come back to life
    expect((await api('GET', '/v2/session', u.token)).statusCode).toBe(401);
  });

  it('refuses to block yourself', async () => {
    expect(codeOf(await api('PUT', `/v2/admin/users/${ids.admin}/block`, tokens.admin))).toBe('CANNOT_MODIFY_SELF');
  });
});

describe('PUT and DELETE /api/v2/admin/users/{userId}/admin', () => {
  it('makes a user admin (roleId 1) and back (roleId 2); the new role needs a new login', async () => {
    const u = await victim();
    const made = await api('PUT', `/v2/admin/users/${u.id}/admin`, tokens.admin);
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ is_admin: true, isAdmin: true, roleId: 1 });
    expect((await api('GET', '/v2/session', u.token)).statusCode).toBe(401);
    const adminLogin = await api('POST', '/auth', undefined, { user_name: u.name, password: 'clave-vecino', admin: true });
    expect(adminLogin.json().user).toMatchObject({ is_admin: true, roleId: 1 });
    expect((await api('GET', '/v2/admin/users', adminLogin.json().token)).statusCode).toBe(200);

    const unmade = await api('DELETE', `/v2/admin/users/${u.id}/admin`, tokens.admin);
    expect(unmade.json()).toMatchObject({ is_admin: false, roleId: 2 });
    expect((await api('GET', '/v2/admin/users', adminLogin.json().token)).statusCode).toBe(401);
    const again = (await api('POST', '/auth', undefined, { user_name: u.name, password: 'clave-vecino' })).json().token as string;
    expect(codeOf(await api('GET', '/v2/admin/users', again))).toBe('FORBIDDEN');
  });

  it('refuses to demote yourself', async () => {
    const res = await api('DELETE', `/v2/admin/users/${ids.admin}/admin`, tokens.admin);
    expect(res.statusCode).toBe(409);
    expect(codeOf(res)).toBe('CANNOT_MODIFY_SELF');
    expect(t.app.db.prepare('SELECT is_admin FROM users WHERE id = ?').get(ids.admin)).toEqual({ is_admin: 1 });
  });
});

describe('the last admin', () => {
  it('cannot be deleted, demoted or blocked, even by an admin whose own rights just went away', async () => {
    const fresh = await buildTestApp();
    try {
      const only = await createUser(fresh.app, 'unica', 'clave-unica', { admin: true });
      // an admin demoted by someone else a moment ago, still holding a request in flight
      const stale: Viewer = { id: 4242, isAdmin: true, user_name: 'ex-admin', roleId: 1, denied: false, mustChangePassword: false };
      for (const action of [() => deleteUser(fresh.app.db, stale, only), () => setUserAdmin(fresh.app.db, stale, only, false), () => setUserBlocked(fresh.app.db, stale, only, true)]) {
        expect(action).toThrow(expect.objectContaining({ code: 'LAST_ADMIN', httpCode: 409 }));
      }
      expect(fresh.app.db.prepare('SELECT is_admin, blocked FROM users WHERE id = ?').get(only)).toEqual({ is_admin: 1, blocked: 0 });
      // with a second admin it is allowed
      await createUser(fresh.app, 'segunda', 'clave-segunda', { admin: true });
      expect(setUserAdmin(fresh.app.db, stale, only, false).is_admin).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});

describe('POST /api/v2/admin/users/{userId}/temporary-credentials', () => {
  it('answers a readable one-time password valid for 24 hours, not cached, stored only as a hash', async () => {
    const u = await victim();
    const res = await api('POST', `/v2/admin/users/${u.id}/temporary-credentials`, tokens.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ user_id: u.id, user_name: u.name, password: expect.stringMatching(/^[a-z2-9]{12}$/) });
    const hours = (Date.parse(body.expiresAt) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const rows = t.app.db.prepare<[number], { password_hash: string; issued_by: number }>('SELECT password_hash, issued_by FROM temporary_credentials WHERE user_id = ?').all(u.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.issued_by).toBe(ids.admin);
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0]?.password_hash).not.toContain(body.password);
  });
});
