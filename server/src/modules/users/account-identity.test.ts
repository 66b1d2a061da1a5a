import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppWithAdmin, type TestApp } from '../../../test/helper.ts';

// An account's identity is never handed to someone else: a deleted account's
// tokens die with it, whatever is created after (docs/API-accounts.md).

let t: TestApp;
let adminToken: string;
let n = 0;

beforeAll(async () => {
  ({ t, adminToken } = await buildAppWithAdmin());
});
afterAll(() => t.close());

type Method = NonNullable<InjectOptions['method']>;
const api = (method: Method, url: string, opts: { token?: string; payload?: object } = {}) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    ...(opts.payload ? { payload: opts.payload } : {}),
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
  });

async function register(): Promise<{ id: number; name: string; token: string }> {
  const name = `vecina${++n}`;
  const res = await api('POST', '/user/create', { payload: { user_name: name, name: 'Ana', last_name: 'Quispe', password: 'clave-segura' } });
  expect(res.statusCode).toBe(201);
  return { id: res.json().user.id as number, name, token: res.json().token as string };
}

/** What a leftover token can still do: who it says it is, and the two writes that would take the account over. */
async function powersOf(token: string, ownerId: number) {
  const session = await api('GET', '/v2/session', { token });
  const profile = await api('PUT', `/v2/users/${ownerId}/profile`, { token, payload: { name: 'Intrusa' } });
  const password = await api('PUT', '/v3/users/password', { token, payload: { password: 'clave-robada' } });
  return { session: session.statusCode, profile: profile.statusCode, password: password.statusCode, sessionUser: session.json().user ?? null };
}

describe('a deleted account', () => {
  it('never gives its id to the next registration, and its token gets 401 on the session, the profile and the password change', async () => {
    const gone = await register();
    expect((await api('DELETE', `/v2/admin/users/${gone.id}`, { token: adminToken })).statusCode).toBe(200);
    const next = await register();
    expect(next.id).not.toBe(gone.id);
    expect(next.id).toBeGreaterThan(gone.id);

    expect(await powersOf(gone.token, next.id)).toMatchObject({ session: 401, profile: 401, password: 401 });
    // the new person is untouched and still logs in with their own password
    expect((await api('GET', '/v2/session', { token: next.token })).json().user).toMatchObject({ id: next.id, user_name: next.name });
    expect((await api('POST', '/auth', { payload: { user_name: next.name, password: 'clave-segura' } })).statusCode).toBe(200);
  });

  it('keeps its tokens dead even when a row comes back under the same id (as restoring an older backup does)', async () => {
    const gone = await register();
    expect((await api('DELETE', `/v2/admin/users/${gone.id}`, { token: adminToken })).statusCode).toBe(200);
    // Another account written straight under the old id, the way a restore or a copied database can.
    t.app.db.prepare("INSERT INTO users (id, user_name, password_hash, name) VALUES (?, 'otra-persona', 'sin-clave', 'Otra')").run(gone.id);

    expect(await powersOf(gone.token, gone.id)).toMatchObject({ session: 401, profile: 401, password: 401 });
    expect(t.app.db.prepare('SELECT name, password_hash FROM users WHERE id = ?').get(gone.id)).toEqual({ name: 'Otra', password_hash: 'sin-clave' });
  });
});
