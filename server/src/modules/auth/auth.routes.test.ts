import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { buildAppWithAdmin, createUser, login, tempDir, type TestApp } from '../../../test/helper.ts';
import { dummyPasswordHash, HASH_CONCURRENCY, HASH_KEPT_FOR_KNOWN_DEVICES, HASH_MAX_QUEUE, hashLimiter } from './hash-limiter.ts';

let t: TestApp;
let adminToken: string;
let ipCounter = 0;
/** Each test guesses from its own address, so the per-address window of one test never leaks into another. */
const freshIp = () => `10.9.${Math.floor(++ipCounter / 200)}.${ipCounter % 200}`;
let nameCounter = 0;
const freshName = (base: string) => `${base}${++nameCounter}`;

beforeAll(async () => {
  ({ t, adminToken } = await buildAppWithAdmin());
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

/**
 * Takes the places of the hash queue until the returned function frees them:
 * all of them, or (ahead: false) those any login may take, leaving the ones
 * kept for phones known to their account.
 */
function fillHashQueue({ ahead = true } = {}): () => Promise<void> {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  const places = HASH_CONCURRENCY + HASH_MAX_QUEUE - (ahead ? 0 : HASH_KEPT_FOR_KNOWN_DEVICES);
  const held = Array.from({ length: places }, () => hashLimiter.run(() => gate, { ahead }));
  return async () => {
    open();
    await Promise.all(held);
  };
}

const cookieNamed = (res: { headers: Record<string, unknown> }, name: string): string | undefined =>
  ([] as string[]).concat((res.headers['set-cookie'] as string | string[] | undefined) ?? []).find((c) => c.startsWith(`${name}=`));

describe('login throttling, per account and address', () => {
  it("never lets a stranger's wrong passwords on one phone keep the owner out on another: /auth, the admin login and /v3/authTemporary", async () => {
    const u = await newUser('rosa');
    const boss = await newUser('jefe');
    t.app.db.prepare('UPDATE users SET is_admin = 1, role_id = 1 WHERE id = ?').run(boss.id);
    const temporary = await issueTemporary(u.id);
    for (const [url, name, extra] of [['/auth', u.name, {}], ['/auth', boss.name, { admin: true }], ['/v3/authTemporary', u.name, {}]] as const) {
      const stranger = freshIp();
      const codes: number[] = [];
      for (let i = 0; i < 8; i++) codes.push((await loginAt(url, name, 'equivocada', stranger, extra)).statusCode);
      expect(codes, `${url} ${name}`).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
      // the stranger's phone waits even with the right password
      expect((await loginAt(url, name, url === '/auth' ? (name === u.name ? u.password : boss.password) : temporary, stranger, extra)).statusCode).toBe(429);
    }
    expect((await loginAt('/auth', u.name, u.password, freshIp())).statusCode).toBe(200);
    const admin = await loginAt('/auth', boss.name, boss.password, freshIp(), { admin: true });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().user.is_admin).toBe(true);
    expect((await loginAt('/v3/authTemporary', u.name, temporary, freshIp())).statusCode).toBe(200);
  });

  it('makes one phone wait longer after each failure, saying how long in Spanish and in Retry-After', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const u = await newUser('pedro');
      const ip = freshIp();
      for (let i = 0; i < 3; i++) expect((await loginAt('/auth', u.name, 'equivocada', ip)).statusCode).toBe(401);
      const waits: string[] = [];
      for (let round = 0; round < 3; round++) {
        const refused = await loginAt('/auth', u.name, u.password, ip);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().error).toMatchObject({ code: 'RATE_LIMITED', type: 'rate_limit', data: { retryAfterSeconds: Number(refused.headers['retry-after']) } });
        waits.push(refused.json().error.message as string);
        vi.advanceTimersByTime(Number(refused.headers['retry-after']) * 1000);
        expect((await loginAt('/auth', u.name, 'equivocada', ip)).statusCode).toBe(401);
      }
      expect(waits).toEqual([2, 4, 8].map((s) => `Demasiados intentos fallidos. Espera ${s} segundos y vuelve a intentarlo`));
      // the name is counted ignoring case, as it is unique ignoring case
      expect((await loginAt('/auth', u.name.toUpperCase(), u.password, ip)).headers['retry-after']).toBe('16');
      vi.advanceTimersByTime(16_000);
      expect((await loginAt('/auth', u.name, u.password, ip)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it("clears the account's count from that phone on a successful login", async () => {
    const u = await newUser('pedro');
    const ip = freshIp();
    for (let i = 0; i < 2; i++) expect((await loginAt('/auth', u.name, 'equivocada', ip)).statusCode).toBe(401);
    expect((await loginAt('/auth', u.name, u.password, ip)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await loginAt('/auth', u.name, 'equivocada', ip)).statusCode).toBe(401);
    expect((await loginAt('/auth', u.name, u.password, ip)).statusCode).toBe(429);
  });

  it('limits one address to 30 failures across accounts; other phones are not affected', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) expect((await loginAt('/auth', `nadie${i}`, 'equivocada', ip)).statusCode).toBe(401);
    const u = await newUser('lucia');
    expect((await loginAt('/auth', u.name, u.password, ip)).statusCode).toBe(429);
    expect((await loginAt('/auth', u.name, u.password, freshIp())).statusCode).toBe(200);
  });

  it('counts temporary-login failures against the same account and address', async () => {
    const u = await newUser('mario');
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await loginAt('/v3/authTemporary', u.name, 'equivocada', ip)).statusCode).toBe(401);
    expect((await loginAt('/v3/authTemporary', u.name, 'equivocada', ip)).statusCode).toBe(429);
    expect((await loginAt('/auth', u.name, u.password, ip)).statusCode).toBe(429);
    expect((await loginAt('/auth', u.name, u.password, freshIp())).statusCode).toBe(200);
  });
});

describe('a flood of logins from many phones', () => {
  it("never crowds the owner's right password out of the hash queue with made-up names from 200 addresses", async () => {
    const u = await newUser('ines');
    let ownerDone = false;
    const answers: string[] = [];
    // each stranger's phone sends made-up names one after another until the owner is done or it is told to wait
    const flood = Array.from({ length: 200 }, () => freshIp()).map(async (ip) => {
      while (!ownerDone) {
        const res = await loginAt('/auth', freshName('inventado'), 'equivocada', ip);
        answers.push(`${res.statusCode} ${res.json().error.code}`);
        if (res.statusCode === 429) return;
      }
    });
    const owner: number[] = [];
    try {
      // the owner comes once the flood is under way
      await vi.waitFor(() => expect(answers.length).toBeGreaterThan(0), { timeout: 60_000 });
      for (let i = 0; i < 11; i++) owner.push((await loginAt('/auth', u.name, u.password, freshIp())).statusCode);
    } finally {
      ownerDone = true;
      await Promise.all(flood);
    }
    expect(owner).toEqual(Array.from({ length: 11 }, () => 200));
    // every made-up name got the answer of a wrong password, or of a phone that must wait
    expect([...new Set(answers)].filter((answer) => answer !== '401 BAD_CREDENTIALS' && answer !== '429 RATE_LIMITED')).toEqual([]);
  });

  it('counts a login refused for a busy kit (503) against its address', async () => {
    const u = await newUser('abel');
    const ip = freshIp();
    const free = fillHashQueue();
    try {
      for (let i = 0; i < 30; i++) expect((await loginAt('/auth', freshName('nadie'), 'equivocada', ip)).statusCode).toBe(503);
    } finally {
      await free();
    }
    const refused = await loginAt('/auth', u.name, u.password, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect((await loginAt('/auth', u.name, u.password, freshIp())).statusCode).toBe(200);
  });

  it('keeps places of the hash queue for phones known to their account, in front of the others', async () => {
    const u = await newUser('lidia');
    const deviceCookie = (cookieNamed(await loginAt('/auth', u.name, u.password), 'kp_device') ?? '').split(';')[0] ?? '';
    const free = fillHashQueue({ ahead: false });
    let own: Promise<{ statusCode: number }> | undefined;
    try {
      // a guess at an account that exists (or its owner on a new phone) finds the queue full
      expect((await loginAt('/auth', u.name, 'equivocada')).statusCode).toBe(503);
      expect((await loginAt('/auth', u.name, u.password)).statusCode).toBe(503);
      own = api('POST', '/auth', { payload: { user_name: u.name, password: u.password }, ip: freshIp(), headers: { cookie: deviceCookie } });
      await vi.waitFor(() => expect(hashLimiter.waiting).toBe(HASH_MAX_QUEUE - HASH_KEPT_FOR_KNOWN_DEVICES + 1), { timeout: 60_000 });
    } finally {
      await free();
    }
    expect((await own)?.statusCode).toBe(200);
  });

  it("caps the guesses at one account from 40 addresses, and still lets its owner in from a phone it logged in from", async () => {
    const u = await newUser('teo');
    const ownPhone = cookieNamed(await loginAt('/auth', u.name, u.password), 'kp_device') ?? '';
    const deviceCookie = ownPhone.split(';')[0] ?? '';
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const strangers = Array.from({ length: 40 }, () => freshIp());
      let guesses = 0;
      // a minute of guessing, each phone trying once a second (no need to go on once past the ceiling)
      for (let second = 0; second < 60 && guesses <= 15; second++) {
        const answers = await Promise.all(strangers.map((ip) => loginAt('/auth', u.name, 'equivocada', ip)));
        guesses += answers.filter((res) => res.statusCode === 401).length;
        vi.advanceTimersByTime(1_000);
      }
      expect(guesses).toBeLessThanOrEqual(15);
      expect(ownPhone).toMatch(/^kp_device=[^;]+;.*HttpOnly/);
      expect(ownPhone).toContain('Path=/api');
      // the owner on their own phone, wherever it connects from, at once
      const own = await api('POST', '/auth', { payload: { user_name: u.name, password: u.password }, ip: freshIp(), headers: { cookie: deviceCookie } });
      expect(own.statusCode).toBe(200);
      // a phone the account never logged in from waits with the strangers, and a forged cookie is no help
      const forged = `${deviceCookie.slice(0, -3)}AAA`;
      for (const headers of [{}, { cookie: forged }] as Array<Record<string, string>>) {
        const other = await api('POST', '/auth', { payload: { user_name: u.name, password: u.password }, ip: freshIp(), headers });
        expect(other.statusCode).toBe(429);
        expect(Number(other.headers['retry-after'])).toBeGreaterThan(0);
      }
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('an unknown user name', () => {
  it('costs the same password hashing as a wrong password, on /auth, the admin login and /v3/authTemporary', async () => {
    const u = await newUser('carmen');
    expect(await dummyPasswordHash()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // With every hashing slot and queue place taken, an attempt that hashes is refused with 503 at once;
    // one that skipped the hash would answer its 401 instead.
    const free = fillHashQueue();
    try {
      for (const [url, name, extra] of [
        ['/auth', u.name, {}],
        ['/auth', 'no-existe-nadie', {}],
        ['/auth', 'no-existe-nadie', { admin: true }],
        ['/v3/authTemporary', u.name, {}], // an account without a temporary password
        ['/v3/authTemporary', 'no-existe-nadie', {}],
      ] as const) {
        const res = await loginAt(url, name, 'equivocada', freshIp(), extra);
        expect(res.json().error.code, `${url} ${name}`).toBe('UNAVAILABLE');
      }
    } finally {
      await free();
    }
    const [wrong, unknown] = [await loginAt('/auth', u.name, 'equivocada'), await loginAt('/auth', 'no-existe-nadie', 'equivocada')];
    expect(unknown.json()).toEqual(wrong.json());
  });
});

describe('password hashing under load', () => {
  it('answers 503 UNAVAILABLE when the hashing queue is full, on login, registration and password change, without counting a failure', async () => {
    const u = await newUser('carla');
    const { token } = await login(t.app, u.name, u.password);
    const free = fillHashQueue();
    const busyIp = freshIp();
    try {
      const busy = await loginAt('/auth', u.name, u.password, busyIp);
      expect(busy.statusCode).toBe(503);
      expect(busy.json().error.code).toBe('UNAVAILABLE');
      expect(busy.headers['retry-after']).toBe('2');
      const register = await api('POST', '/user/create', { payload: { user_name: freshName('nuevo'), name: 'Ana', last_name: 'Quispe', password: 'clave-nueva' } });
      expect(register.statusCode).toBe(503);
      const change = await api('PUT', '/v3/users/password', { token, payload: { password: 'otra-clave' } });
      expect(change.statusCode).toBe(503);
    } finally {
      await free();
    }
    // the 503 did not count: after two real failures from that phone a third try is still allowed
    for (let i = 0; i < 2; i++) expect((await loginAt('/auth', u.name, 'equivocada', busyIp)).statusCode).toBe(401);
    expect((await loginAt('/auth', u.name, u.password, busyIp)).statusCode).toBe(200);
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

  it("ends the account's open sessions when an admin issues it; the own password still logs in", async () => {
    const u = await newUser('ramiro');
    const phone = await login(t.app, u.name, u.password);
    const tablet = await login(t.app, u.name, u.password);
    expect((await api('GET', '/v2/session', { token: phone.token })).json().user.id).toBe(u.id);
    await issueTemporary(u.id);
    for (const { token } of [phone, tablet]) expect((await api('GET', '/v2/session', { token })).statusCode).toBe(401);
    expect((await loginAt('/auth', u.name, u.password)).statusCode).toBe(200);
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
      // still the 'unauthorized' refusal (docs/PRODUCT.md#password-rules), with a code of its own
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

  it('asks a login older than 5 minutes for the current password: 403 CURRENT_PASSWORD_REQUIRED without, CURRENT_PASSWORD_WRONG when wrong, both changing nothing', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const u = await newUser('nora');
      const { token } = await login(t.app, u.name, u.password);
      vi.advanceTimersByTime(5 * 60_000 + 1_000);
      const bare = await api('PUT', '/v3/users/password', { token, payload: { password: 'clave-de-ladron' } });
      expect(bare.statusCode).toBe(403);
      expect(bare.json().error).toMatchObject({
        code: 'CURRENT_PASSWORD_REQUIRED',
        message: 'Para cambiar tu contraseña escribe tu contraseña actual',
        data: { field: 'body.currentPassword' },
      });
      const wrong = await api('PUT', '/v3/users/password', { token, payload: { password: 'clave-de-ladron', currentPassword: 'adivinada' } });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().error).toMatchObject({ code: 'CURRENT_PASSWORD_WRONG', message: 'La contraseña actual no es correcta' });
      // nothing changed: the token still works and the password is the same
      expect((await api('GET', '/v2/session', { token })).json().user.id).toBe(u.id);
      expect((await loginAt('/auth', u.name, u.password)).statusCode).toBe(200);

      const proven = await api('PUT', '/v3/users/password', { token, payload: { password: 'nueva-de-nora', currentPassword: u.password } });
      expect(proven.statusCode).toBe(200);
      expect((await loginAt('/auth', u.name, 'nueva-de-nora')).statusCode).toBe(200);
      // the fresh token counts as a login just made
      const again = await api('PUT', '/v3/users/password', { token: proven.json().token, payload: { password: 'otra-de-nora' } });
      expect(again.statusCode).toBe(200);
      // a login that looks newer than now (the kit's clock was set back a day) is no recent login either
      vi.setSystemTime(Date.now() - 24 * 3600_000);
      const backwards = await api('PUT', '/v3/users/password', { token: again.json().token, payload: { password: 'clave-de-ladron' } });
      expect(backwards.json().error.code).toBe('CURRENT_PASSWORD_REQUIRED');
    } finally {
      vi.useRealTimers();
    }
  });

  it('throttles wrong current passwords like logins, per account and address', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const u = await newUser('ivan');
      const { token } = await login(t.app, u.name, u.password);
      vi.advanceTimersByTime(3600_000);
      const ip = freshIp();
      const change = (currentPassword: string, from = ip) =>
        api('PUT', '/v3/users/password', { token, ip: from, payload: { password: 'clave-nueva', currentPassword } });
      for (let i = 0; i < 3; i++) expect((await change('adivinada')).json().error.code).toBe('CURRENT_PASSWORD_WRONG');
      const refused = await change(u.password);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('2');
      expect((await loginAt('/auth', u.name, u.password, ip)).statusCode).toBe(429);
      expect((await change(u.password, freshIp())).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never lets a leftover token make itself permanent: an old session of an account that must change its password still needs proof', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const u = await newUser('delia');
      const temporary = await issueTemporary(u.id);
      // a session opened with the own password after the temporary one was issued (older ones ended with the issue)
      const leftover = (await login(t.app, u.name, u.password)).token;
      const owner = (await loginAt('/v3/authTemporary', u.name, temporary)).json().token as string;
      vi.advanceTimersByTime(3600_000);
      // the account must change its password now, but the old token is not the temporary login
      const stolen = await api('PUT', '/v3/users/password', { token: leftover, payload: { password: 'clave-de-ladron' } });
      expect(stolen.statusCode).toBe(403);
      expect(stolen.json().error.code).toBe('CURRENT_PASSWORD_REQUIRED');
      // the forced change after the temporary login works as before, an hour later too
      const forced = await api('PUT', '/v3/users/password', { token: owner, payload: { password: 'clave-de-delia' } });
      expect(forced.statusCode).toBe(200);
      expect(forced.json().mustChangePassword).toBe(false);
      expect((await api('GET', '/v2/session', { token: leftover })).statusCode).toBe(401);
      // once changed, the temporary login's token is no proof any more
      expect((await loginAt('/auth', u.name, 'clave-de-delia')).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
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

describe('the forced password change after a temporary login', () => {
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
