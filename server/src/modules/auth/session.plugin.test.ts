import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { buildTestApp, createUser, login, tempDir, type TestApp } from '../../../test/helper.ts';

const b64url = (value: object | string) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

let t: TestApp;
let userId: number;
beforeAll(async () => {
  t = await buildTestApp();
  userId = await createUser(t.app, 'rosa', 'papa-amarilla');
  await createUser(t.app, 'jefe', 'clave-admin', { admin: true });
});
afterAll(() => t.close());

const session = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/v2/session', headers });
const secret = () => fs.readFileSync(path.join(t.dataDir, 'secrets', 'jwt.key'));
const hs256 = (header: object, payload: object, key: Buffer) => {
  const body = `${b64url(header)}.${b64url(payload)}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
};

describe('POST /api/auth', () => {
  it('answers the token and user, and sets an HttpOnly SameSite=Lax cookie', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { user_name: 'rosa', password: 'papa-amarilla' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token: expect.any(String), user: { id: userId, user_name: 'rosa', is_admin: false, roleId: 2 }, mustChangePassword: false });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^kp_token=/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
  });

  it('refuses a wrong password and an unknown user with the same answer', async () => {
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { user_name: 'rosa', password: 'papa-morada' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { user_name: 'nadie', password: 'papa-morada' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('BAD_CREDENTIALS');
    expect(unknown.json()).toEqual(wrong.json());
  });

  it("refuses a non-admin in admin mode with 'unauthorized'", async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { user_name: 'rosa', password: 'papa-amarilla', admin: true } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'NOT_ADMIN', type: 'unauthorized', data: { reason: 'unauthorized' } });
    const admin = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { user_name: 'jefe', password: 'clave-admin', admin: true } });
    expect(admin.json().user.is_admin).toBe(true);
  });
});

describe('tokens', () => {
  it('are accepted as Bearer and as the cookie', async () => {
    const { token, cookie } = await login(t.app, 'rosa', 'papa-amarilla');
    expect((await session({ authorization: `Bearer ${token}` })).json().user.id).toBe(userId);
    expect((await session({ cookie })).json().user.id).toBe(userId);
    expect((await session({})).json()).toEqual({ user: null, mustChangePassword: false });
  });

  it('refuse alg:none', async () => {
    const forged = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ id: userId, isAdmin: true, user_name: 'rosa', roleId: 1, tv: 0, jti: 'x', exp: 9999999999 })}.`;
    const res = await session({ authorization: `Bearer ${forged}` });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('TOKEN_EXPIRED');
  });

  it('refuse a tampered payload', async () => {
    const { token } = await login(t.app, 'rosa', 'papa-amarilla');
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const tampered = `${header}.${b64url({ ...claims, isAdmin: true })}.${signature}`;
    expect((await session({ authorization: `Bearer ${tampered}` })).statusCode).toBe(401);
  });

  const accountKey = () => (t.app.db.prepare('SELECT account_key FROM users WHERE id = ?').get(userId) as { account_key: string }).account_key;
  const now = () => Math.floor(Date.now() / 1000);

  it('refuse an expired token signed with the right key', async () => {
    const claims = { id: userId, isAdmin: false, user_name: 'rosa', roleId: 2, tv: 0, acc: accountKey() };
    const expired = hs256({ alg: 'HS256', typ: 'JWT' }, { ...claims, auth_time: 1_600_000_000, jti: 'old', iat: 1_600_000_000, exp: 1_600_000_100 }, secret());
    expect((await session({ authorization: `Bearer ${expired}` })).statusCode).toBe(401);
    const fresh = hs256({ alg: 'HS256', typ: 'JWT' }, { ...claims, auth_time: now(), jti: 'new', iat: now(), exp: now() + 60 }, secret());
    expect((await session({ authorization: `Bearer ${fresh}` })).statusCode).toBe(200);
  });

  it("refuse a token signed with the right key that does not carry its account's key (another account under that id, or a token from before account keys)", async () => {
    const claims = { id: userId, isAdmin: false, user_name: 'rosa', roleId: 2, tv: 0, auth_time: now(), iat: now(), exp: now() + 60 };
    for (const acc of [undefined, 'f'.repeat(32)]) {
      const token = hs256({ alg: 'HS256', typ: 'JWT' }, { ...claims, acc, jti: `sin-${acc}` }, secret());
      expect((await session({ authorization: `Bearer ${token}` })).statusCode, String(acc)).toBe(401);
    }
  });

  it('stop working after logout, even a copy of them', async () => {
    const { token, cookie } = await login(t.app, 'rosa', 'papa-amarilla');
    const out = await t.app.inject({ method: 'POST', url: '/api/deauth', headers: { cookie, 'x-requested-with': 'kit-portal' } });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/kp_token=;/);
    expect((await session({ authorization: `Bearer ${token}` })).statusCode).toBe(401);
  });

  it('stop working when the user is blocked', async () => {
    const id = await createUser(t.app, 'pedro', 'clave-pedro');
    const { token } = await login(t.app, 'pedro', 'clave-pedro');
    t.app.db.prepare('UPDATE users SET blocked = 1 WHERE id = ?').run(id);
    expect((await session({ authorization: `Bearer ${token}` })).statusCode).toBe(401);
  });
});

describe('cross-site request forgery', () => {
  it('refuses a cookie-only state change without our header', async () => {
    const { cookie } = await login(t.app, 'rosa', 'papa-amarilla');
    const res = await t.app.inject({ method: 'POST', url: '/api/deauth', headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_REJECTED');
    // nothing changed: the session still works
    expect((await session({ cookie })).json().user.user_name).toBe('rosa');
  });

  it('refuses a request from another origin even with the header', async () => {
    const { cookie } = await login(t.app, 'rosa', 'papa-amarilla');
    for (const headers of [{ origin: 'http://malo.example' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/deauth', headers: { cookie, 'x-requested-with': 'kit-portal', ...headers } });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
    }
  });

  it('accepts our own page and Bearer clients', async () => {
    const a = await login(t.app, 'rosa', 'papa-amarilla');
    const same = await t.app.inject({ method: 'POST', url: '/api/deauth', headers: { cookie: a.cookie, 'x-requested-with': 'kit-portal', origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' } });
    expect(same.statusCode).toBe(200);
    const b = await login(t.app, 'rosa', 'papa-amarilla');
    expect((await t.app.inject({ method: 'POST', url: '/api/deauth', headers: { authorization: `Bearer ${b.token}` } })).statusCode).toBe(200);
  });
});

describe('secrets at rest and in the log', () => {
  it('keep the signing key private and 256 bits long', () => {
    const stat = fs.statSync(path.join(t.dataDir, 'secrets', 'jwt.key'));
    expect(stat.mode & 0o777).toBe(0o600);
    expect(stat.size).toBe(32);
  });

  it('never put a password or token in the database or the log in clear', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _enc, done) => { lines.push(String(chunk)); done(); } });
    const dataDir = tempDir();
    const app = await buildApp({ config: loadConfig({ KIT_DATA_DIR: dataDir, KIT_WEB_DIR: path.join(dataDir, 'none') }), logger: { stream } });
    await createUser(app, 'lucia', 'secreto-de-lucia');
    const { token, cookie } = await login(app, 'lucia', 'secreto-de-lucia');
    await app.inject({ method: 'GET', url: '/api/v2/session', headers: { authorization: `Bearer ${token}`, cookie } });
    await app.inject({ method: 'POST', url: '/api/auth', payload: { user_name: 'lucia', password: 'secreto-equivocado' } });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).not.toContain('secreto-');
    expect(log).not.toContain(token);
    const dbBytes = ['portal.db', 'portal.db-wal'].filter((f) => fs.existsSync(path.join(dataDir, f))).map((f) => fs.readFileSync(path.join(dataDir, f)).toString('latin1')).join('');
    expect(dbBytes).not.toContain('secreto-de-lucia');
    expect(dbBytes).not.toContain(token);
  });
});
