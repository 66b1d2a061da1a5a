import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { buildTestApp, createUser, login, tempDir, type TestApp } from '../../../test/helper.ts';
import { HASH_CONCURRENCY, HASH_MAX_QUEUE, hashLimiter } from './hash-limiter.ts';

let t: TestApp;
let adminToken: string;
let ipCounter = 0;
/** Each test guesses from its own address, so the per-address window of one test never leaks into another. */
const freshIp = () => `10.9.${Math.floor(++ipCounter / 200)}.${ipCounter % 200}`;
let nameCounter = 0;
const freshName = (base: string) => `${base}${++nameCounter}`;

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.app, 'jefa', 'clave-de-jefa', { admin: true });
  adminToken = (await login(t.app, 'jefa', 'clave-de-jefa')).token;
});
afterAll(() => t.close());

type Method = NonNullable<InjectOptions['method']>;
const call = (app: FastifyInstance, method: Method, url: string, opts: { token?: string; payload?: object; ip?: string; headers?: Record<string, string> } = {}) =>
  app.inject({
    method,
    url: `/api${url}`,
    ...(opts.payload ? { payload: opts.payload } : {}),
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
  });
const api = (method: Method, url: string, opts: Parameters<typeof call>[3] = {}) => call(t.app, method, url, opts);
const loginAt = (url: '/auth' | '/v3/authTemporary', user_name: string, password: string, ip = freshIp(), extra: object = {}) =>
  api('POST', url, { payload: { user_name, password, ...extra }, ip });

async function newUser(base: string, password = 'clave-propia'): Promise<{ id: number; name: string; password: string }> {
  const name = freshName(base);
  return { id: await createUser(t.app, name, password), name, password };
}

async function issueTemporary(userId: number): Promise<string> {
  const res = await api('POST', `/v2/admin/users/${userId}/temporary-credentials`, { token: adminToken });
  expect(res.statusCode).toBe(200);
  return res.json().password as string;
}

const cookieNamed = (res: { headers: Record<string, unknown> }, name: string): string | undefined =>
  ([] as string[]).concat((res.headers['set-cookie'] as string | string[] | undefined) ?? []).find((c) => c.startsWith(`${name}=`));

describe('POST /api/auth throttling', () => {
  it('answers 429 RATE_LIMITED with a Spanish wait after 5 failures on one account, even for the right password', async () => {
    const u = await newUser('rosa');
    for (let i = 0; i < 5; i++) {
      const res = await loginAt('/auth', u.name, 'equivocada', freshIp());
      expect(res.json().error.code).toBe('BAD_CREDENTIALS');
    }
    const refused = await loginAt('/auth', u.name, u.password, freshIp());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'RATE_LIMITED', type: 'rate_limit', data: { retryAfterSeconds: expect.any(Number) } });
    expect(refused.json().error.message).toMatch(/^Demasiados intentos fallidos\. Espera 1[45] minutos y vuelve a intentarlo$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    // the name is counted ignoring case, as it is unique ignoring case
    expect((await loginAt('/auth', u.name.toUpperCase(), u.password)).statusCode).toBe(429);
  });

  it('clears the account counter on a successful login', async () => {
    const u = await newUser('pedro');
    const ip = freshIp();
    for (let i = 0; i < 4; i++) await loginAt('/auth', u.name, 'equivocada', ip);
    expect((await loginAt('/auth', u.name, u.password, ip)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await loginAt('/auth', u.name, 'equivocada', ip)).statusCode).toBe(401);
    expect((await loginAt('/auth', u.name, u.password, ip)).statusCode).toBe(200);
  });

  it('limits one address to 30 failures across accounts; other phones are not affected', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) expect((await loginAt('/auth', `nadie${i}`, 'equivocada', ip)).statusCode).toBe(401);
    const u = await newUser('lucia');
    expect((await loginAt('/auth', u.name, u.password, ip)).statusCode).toBe(429);
    expect((await loginAt('/auth', u.name, u.password, freshIp())).statusCode).toBe(200);
  });

  it('counts temporary-login failures against the same account', async () => {
    const u = await newUser('mario');
    for (let i = 0; i < 5; i++) expect((await loginAt('/v3/authTemporary', u.name, 'equivocada')).statusCode).toBe(401);
    expect((await loginAt('/v3/authTemporary', u.name, 'equivocada')).statusCode).toBe(429);
    expect((await loginAt('/auth', u.name, u.password)).statusCode).toBe(429);
  });
});

describe('password hashing under load', () => {
  it('answers 503 UNAVAILABLE when the hashing queue is full, on login, registration and password change, without counting a failure', async () => {
    const u = await newUser('carla');
    const { token } = await login(t.app, u.name, u.password);
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const held = Array.from({ length: HASH_CONCURRENCY + HASH_MAX_QUEUE }, () => hashLimiter.run(() => gate));
    try {
      const ip = freshIp();
      const busy = await loginAt('/auth', u.name, u.password, ip);
      expect(busy.statusCode).toBe(503);
      expect(busy.json().error.code).toBe('UNAVAILABLE');
      expect(busy.headers['retry-after']).toBe('2');
      const register = await api('POST', '/user/create', { payload: { user_name: freshName('nuevo'), name: 'Ana', last_name: 'Quispe', password: 'clave-nueva' } });
      expect(register.statusCode).toBe(503);
      const change = await api('PUT', '/v3/users/password', { token, payload: { password: 'otra-clave' } });
      expect(change.statusCode).toBe(503);
    } finally {
      open();
      await Promise.all(held);
    }
    for (let i = 0; i < 4; i++) await loginAt('/auth', u.name, 'equivocada');
    // the 503 did not count: four real failures still leave one try
    expect((await loginAt('/auth', u.name, u.password)).statusCode).toBe(200);
  });
});

describe('POST /api/v3/authTemporary', () => {
  it('logs in once with the temporary password, answering mustChangePassword and a JS-readable tmp_login cookie', async () => {
    const u = await newUser('juana');
    const temporary = await issueTemporary(u.id);
    expect(temporary).toMatch(/^[a-z2-9]{12}$/);
    const res = await loginAt('/v3/authTemporary', u.name, temporary);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token: expect.any(String), user: { id: u.id, user_name: u.name, is_admin: false, roleId: 2 }, mustChangePassword: true });
    const tmp = cookieNamed(res, 'tmp_login');
    expect(tmp).toMatch(/^tmp_login=1;/);
    expect(tmp).not.toContain('HttpOnly');
    expect(cookieNamed(res, 'kp_token')).toContain('HttpOnly');
    const session = await api('GET', '/v2/session', { token: res.json().token });
    expect(session.json()).toMatchObject({ user: { id: u.id }, mustChangePassword: true });
    const again = await loginAt('/v3/authTemporary', u.name, temporary);
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('TEMPORARY_PASSWORD_INVALID');
  });

  it('refuses an expired, a wrong, a replaced one, and the account password, with 401 TEMPORARY_PASSWORD_INVALID', async () => {
    const u = await newUser('elena');
    const first = await issueTemporary(u.id);
    const second = await issueTemporary(u.id);
    expect((await loginAt('/v3/authTemporary', u.name, first)).json().error.code).toBe('TEMPORARY_PASSWORD_INVALID');
    expect((await loginAt('/v3/authTemporary', u.name, u.password)).json().error.code).toBe('TEMPORARY_PASSWORD_INVALID');
    expect((await loginAt('/v3/authTemporary', u.name, 'zzzzzzzzzzzz')).statusCode).toBe(401);
    expect((await loginAt('/v3/authTemporary', 'no-existe', second)).json().error.code).toBe('TEMPORARY_PASSWORD_INVALID');
    t.app.db.prepare("UPDATE temporary_credentials SET expires_at = '2000-01-01T00:00:00.000Z' WHERE user_id = ?").run(u.id);
    const expired = await loginAt('/v3/authTemporary', u.name, second);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('TEMPORARY_PASSWORD_INVALID');
  });

  it('is not accepted at /api/auth, where the own password keeps working until changed', async () => {
    const u = await newUser('rocio');
    const temporary = await issueTemporary(u.id);
    expect((await loginAt('/auth', u.name, temporary)).json().error.code).toBe('BAD_CREDENTIALS');
    expect((await loginAt('/auth', u.name, u.password)).statusCode).toBe(200);
  });

  it('refuses a blocked user with 403 USER_BLOCKED without using the password up', async () => {
    const u = await newUser('tomas');
    const temporary = await issueTemporary(u.id);
    expect((await api('PUT', `/v2/admin/users/${u.id}/block`, { token: adminToken })).statusCode).toBe(200);
    const blocked = await loginAt('/v3/authTemporary', u.name, temporary);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('USER_BLOCKED');
    expect((await api('DELETE', `/v2/admin/users/${u.id}/block`, { token: adminToken })).statusCode).toBe(200);
    expect((await loginAt('/v3/authTemporary', u.name, temporary)).statusCode).toBe(200);
  });

  it("refuses a non-admin in admin mode with 'unauthorized'", async () => {
    const u = await newUser('nico');
    const temporary = await issueTemporary(u.id);
    const res = await loginAt('/v3/authTemporary', u.name, temporary, freshIp(), { admin: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'NOT_ADMIN', data: { reason: 'unauthorized' } });
  });
});

describe('POST /api/auth in admin mode (/admin/login)', () => {
  it('tells an admin on the denied-users list that this kit bars them from its admin area, not that they are no admin', async () => {
    const u = await newUser('vera');
    expect((await api('PUT', `/v2/admin/users/${u.id}/admin`, { token: adminToken })).statusCode).toBe(200);
    expect((await api('PUT', '/v2/admin/settings', { token: adminToken, payload: { deniedUsers: [u.id] } })).statusCode).toBe(200);
    try {
      const res = await loginAt('/auth', u.name, u.password, freshIp(), { admin: true });
      expect(res.statusCode).toBe(403);
      const error = res.json().error;
      // SPEC §5: still the 'unauthorized' refusal, with a code of its own
      expect(error).toMatchObject({ code: 'ADMIN_DENIED', type: 'unauthorized', data: { reason: 'unauthorized' } });
      expect(error.message).toBe('Esta cuenta de administrador no tiene permiso para entrar al área de administración de este kit');
      expect(cookieNamed(res, 'kp_token')).toBeUndefined();
      // the same person still logs in as an ordinary user
      expect((await loginAt('/auth', u.name, u.password, freshIp())).statusCode).toBe(200);
    } finally {
      await api('PUT', '/v2/admin/settings', { token: adminToken, payload: { deniedUsers: [] } });
    }
  });

  it('still refuses a user who is no admin with NOT_ADMIN', async () => {
    const u = await newUser('bruno');
    const res = await loginAt('/auth', u.name, u.password, freshIp(), { admin: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'NOT_ADMIN', type: 'unauthorized' });
  });
});

describe('PUT /api/v3/users/password', () => {
  it('refuses anonymous callers with 401 and a short password with 400 naming the field', async () => {
    const anonymous = await api('PUT', '/v3/users/password', { payload: { password: 'clave-nueva' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHORIZED');
    const u = await newUser('irma');
    const { token } = await login(t.app, u.name, u.password);
    const short = await api('PUT', '/v3/users/password', { token, payload: { password: '12345' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatchObject({ code: 'VALIDATION', data: { field: 'body.password' } });
  });

  it('sets the new password, ends every other session and gives the caller a fresh token and cookie', async () => {
    const u = await newUser('sara');
    const phone = await login(t.app, u.name, u.password);
    const tablet = await login(t.app, u.name, u.password);
    const res = await api('PUT', '/v3/users/password', { token: phone.token, payload: { password: 'nueva-clave-de-sara' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token: expect.any(String), user: { id: u.id, user_name: u.name }, mustChangePassword: false });
    expect(cookieNamed(res, 'kp_token')).toContain(body.token);
    expect((await api('GET', '/v2/session', { token: tablet.token })).statusCode).toBe(401);
    expect((await api('GET', '/v2/session', { token: phone.token })).statusCode).toBe(401);
    expect((await api('GET', '/v2/session', { token: body.token })).json().user.id).toBe(u.id);
    expect((await loginAt('/auth', u.name, u.password)).statusCode).toBe(401);
    expect((await loginAt('/auth', u.name, 'nueva-clave-de-sara')).statusCode).toBe(200);
  });

  it('needs our header when only the cookie authenticates (cross-site forgery)', async () => {
    const u = await newUser('olga');
    const { cookie } = await login(t.app, u.name, u.password);
    const forged = await api('PUT', '/v3/users/password', { payload: { password: 'robada-123' }, headers: { cookie } });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('CSRF_REJECTED');
    const ours = await api('PUT', '/v3/users/password', { payload: { password: 'propia-123' }, headers: { cookie, 'x-requested-with': 'kit-portal' } });
    expect(ours.statusCode).toBe(200);
  });
});

describe('the forced password change after a temporary login (SPEC §4)', () => {
  it('refuses every other write with 403 PASSWORD_CHANGE_REQUIRED, lets reads through, and ends with the change', async () => {
    const u = await newUser('flor');
    const temporary = await issueTemporary(u.id);
    const tmp = (await loginAt('/v3/authTemporary', u.name, temporary)).json().token as string;

    for (const [method, url, payload] of [
      ['PUT', `/v2/users/${u.id}/profile`, { name: 'Flor' }],
      ['POST', '/user/update', { name: 'Flor' }],
      ['POST', '/v3/personalDetails', { gender: 0, born_date: '1990-05-01' }],
    ] as const) {
      const res = await api(method, url, { token: tmp, payload });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code, url).toBe('PASSWORD_CHANGE_REQUIRED');
    }
    expect((await api('GET', `/users/${u.id}`, { token: tmp })).statusCode).toBe(200);
    expect((await api('GET', '/v2/session', { token: tmp })).json().mustChangePassword).toBe(true);

    const changed = await api('PUT', '/v3/users/password', { token: tmp, payload: { password: 'mi-clave-nueva' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().mustChangePassword).toBe(false);
    expect(cookieNamed(changed, 'tmp_login')).toMatch(/^tmp_login=;/);
    const fresh = changed.json().token as string;
    expect((await api('GET', '/v2/session', { token: tmp })).statusCode).toBe(401);
    expect((await api('GET', '/v2/session', { token: fresh })).json().mustChangePassword).toBe(false);
    expect((await api('PUT', `/v2/users/${u.id}/profile`, { token: fresh, payload: { name: 'Flor' } })).statusCode).toBe(200);
    expect((await loginAt('/auth', u.name, 'mi-clave-nueva')).json().mustChangePassword).toBe(false);
  });

  it('keeps the flag on a normal login until the password is changed', async () => {
    const u = await newUser('hugo');
    const temporary = await issueTemporary(u.id);
    await loginAt('/v3/authTemporary', u.name, temporary);
    const normal = await loginAt('/auth', u.name, u.password);
    expect(normal.json().mustChangePassword).toBe(true);
    const res = await api('PUT', `/v2/users/${u.id}/profile`, { token: normal.json().token, payload: { name: 'Hugo' } });
    expect(res.json().error.code).toBe('PASSWORD_CHANGE_REQUIRED');
  });
});

describe('secrets of the accounts flows', () => {
  it('never put a temporary or new password, or a token, in the database or the log in clear', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _enc, done) => { lines.push(String(chunk)); done(); } });
    const dataDir = tempDir();
    const app = await buildApp({ config: loadConfig({ KIT_DATA_DIR: dataDir, KIT_WEB_DIR: path.join(dataDir, 'none') }), logger: { stream } });
    await createUser(app, 'jefe', 'clave-jefe-9', { admin: true });
    const admin = await login(app, 'jefe', 'clave-jefe-9');
    const registered = await call(app, 'POST', '/user/create', { payload: { user_name: 'ines', name: 'Inés', last_name: 'Mamani', password: 'registro-secreto' } });
    const id = registered.json().user.id as number;
    const temporary = (await call(app, 'POST', `/v2/admin/users/${id}/temporary-credentials`, { token: admin.token })).json().password as string;
    const tmpToken = (await call(app, 'POST', '/v3/authTemporary', { payload: { user_name: 'ines', password: temporary } })).json().token as string;
    const changed = await call(app, 'PUT', '/v3/users/password', { token: tmpToken, payload: { password: 'cambio-secreto' } });
    expect(changed.statusCode).toBe(200);
    await app.close();
    const log = lines.join('');
    expect(log).toContain('temporary credentials issued');
    for (const secret of ['registro-secreto', 'cambio-secreto', temporary, tmpToken, changed.json().token as string, registered.json().token as string]) {
      expect(log).not.toContain(secret);
      const dbBytes = ['portal.db', 'portal.db-wal'].filter((f) => fs.existsSync(path.join(dataDir, f))).map((f) => fs.readFileSync(path.join(dataDir, f)).toString('latin1')).join('');
      expect(dbBytes).not.toContain(secret);
    }
  });
});
