import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/api.ts';
import { getSessionToken } from '../api/session-token.ts';
import { getNotifications, resetNotifications } from '../ui/notifications/notifications-store.ts';
import { readSessionSnapshot } from './session-snapshot.ts';
import { changeOwnPassword, logIn, register } from './session-actions.ts';
import { endSession, ensureSessionLoaded, getSession, logOut, resetSessionForTests, setSessionNavigator, takeExpiredAtStart } from './session-store.ts';

const ana = { id: 7, user_name: 'ana', is_admin: false, roleId: 2, FullImageUrl: null };

function errorBody(httpCode: number, code: string) {
  return Response.json({ error: { httpCode, type: 'x', code, message: 'texto del servidor', data: null } }, { status: httpCode });
}

type Route = (init: RequestInit | undefined) => Response | Promise<Response>;

/** A fake kit: each path answers what the test says; anything else is a 404. */
function fakeKit(routes: Record<string, Route>) {
  const calls: { path: string; method: string; headers: Headers }[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path = String(input).replace(/^\/api/, '').replace(/\?.*$/, '');
    calls.push({ path, method: init?.method ?? 'GET', headers: new Headers(init?.headers) });
    const route = routes[`${init?.method ?? 'GET'} ${path}`];
    if (!route) return errorBody(404, 'ROUTE_NOT_FOUND');
    return route(init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const loginAnswer = (mustChangePassword = false) => Response.json({ token: 'jwt-1', user: ana, mustChangePassword });

describe('session store', () => {
  const navigate = vi.fn();

  beforeEach(() => {
    resetSessionForTests();
    resetNotifications();
    localStorage.clear();
    setSessionNavigator(navigate);
    navigate.mockReset();
  });

  afterEach(() => {
    resetSessionForTests();
    resetNotifications();
  });

  it('loads the cookie’s user from GET /api/v2/session, once per page load', async () => {
    const calls = fakeKit({ 'GET /v2/session': () => Response.json({ user: ana, mustChangePassword: false }) });
    await ensureSessionLoaded();
    await ensureSessionLoaded();
    expect(getSession()).toMatchObject({ loggedIn: true, userId: 7, userName: 'ana', loaded: true });
    expect(calls.filter((c) => c.path === '/v2/session')).toHaveLength(1);
    expect(readSessionSnapshot()).toEqual(ana);
  });

  it('a refused token at start ends the session, says so, and sends to the login page once', async () => {
    localStorage.setItem('kp_session_user', JSON.stringify(ana));
    const calls = fakeKit({
      'GET /v2/session': () => errorBody(401, 'TOKEN_EXPIRED'),
      'POST /deauth': () => Response.json({ ok: true }),
    });
    await ensureSessionLoaded();
    expect(getSession()).toMatchObject({ loggedIn: false, loaded: true });
    expect(getNotifications().map((n) => [n.kind, n.message])).toEqual([['info', 'Su token ha expirado, vuelva a iniciar sesión']]);
    expect(calls.some((c) => c.path === '/deauth')).toBe(true);
    expect(readSessionSnapshot()).toBeNull();
    expect(takeExpiredAtStart()).toBe(true);
    expect(takeExpiredAtStart()).toBe(false);
  });

  it('keeps the last known user when the kit cannot be reached', async () => {
    localStorage.setItem('kp_session_user', JSON.stringify(ana));
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')));
    await ensureSessionLoaded();
    expect(getSession()).toMatchObject({ loggedIn: true, userId: 7, token: null });
  });

  it('login sets loggingIn while the call runs, then stores user and token', async () => {
    let answer: (r: Response) => void = () => undefined;
    const calls = fakeKit({ 'POST /auth': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const pending = logIn({ user_name: 'ana', password: 'secreto' });
    expect(getSession().status.loggingIn).toBe(true);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    answer(loginAnswer());
    await pending;
    expect(getSession()).toMatchObject({ loggedIn: true, userId: 7, token: 'jwt-1', status: { loggingIn: false } });
    expect(getSessionToken()).toBe('jwt-1');
  });

  it('admin-mode login sends admin: true; a temporary login calls /v3/authTemporary', async () => {
    const bodies: unknown[] = [];
    const calls = fakeKit({
      'POST /auth': (init) => (bodies.push(JSON.parse(String(init?.body))), loginAnswer()),
      'POST /v3/authTemporary': () => loginAnswer(true),
    });
    await logIn({ user_name: 'admin', password: 'x' }, 'admin');
    expect(bodies).toEqual([{ user_name: 'admin', password: 'x', admin: true }]);
    await logIn({ user_name: 'ana', password: 'tmp' }, 'temporary');
    expect(calls.at(-1)?.path).toBe('/v3/authTemporary');
    expect(getSession().mustChangePassword).toBe(true);
  });

  it('login failure clears the flags and the user and rejects with the code', async () => {
    fakeKit({ 'POST /auth': () => errorBody(401, 'BAD_CREDENTIALS') });
    await expect(logIn({ user_name: 'ana', password: 'mal' })).rejects.toMatchObject({ code: 'BAD_CREDENTIALS' });
    expect(getSession()).toMatchObject({ loggedIn: false, userId: null, status: { loggingIn: false } });
    // a wrong password is not an expired session
    expect(getNotifications()).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('registration sets registering and logs the new account in; a failure clears registering', async () => {
    fakeKit({ 'POST /user/create': () => Response.json({ token: 'jwt-r', user: ana, mustChangePassword: false }, { status: 201 }) });
    const pending = register({ user_name: 'ana', name: 'Ana', last_name: 'Quispe', password: 'secreto' });
    expect(getSession().status.registering).toBe(true);
    await pending;
    expect(getSession()).toMatchObject({ loggedIn: true, token: 'jwt-r', status: { registering: false } });

    resetSessionForTests();
    fakeKit({ 'POST /user/create': () => errorBody(409, 'USERNAME_TAKEN') });
    await expect(register({ user_name: 'ana', name: 'A', last_name: 'Q', password: 'secreto' })).rejects.toMatchObject({ code: 'USERNAME_TAKEN' });
    expect(getSession().status.registering).toBe(false);
  });

  it('logout clears the session even when POST /deauth fails, then goes to /login?cb=/menu', async () => {
    fakeKit({ 'POST /auth': () => loginAnswer(), 'POST /deauth': () => errorBody(500, 'INTERNAL') });
    await logIn({ user_name: 'ana', password: 'secreto' });
    await logOut();
    expect(getSession()).toMatchObject({ loggedIn: false, userId: null, roleId: null, token: null });
    expect(getSessionToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login?cb=/menu');
  });

  it('logout clears the session when the kit cannot be reached', async () => {
    fakeKit({ 'POST /auth': () => loginAnswer() });
    await logIn({ user_name: 'ana', password: 'secreto' });
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')));
    await endSession();
    expect(getSession().loggedIn).toBe(false);
  });

  it('a 401 on any authenticated call logs out once and shows the expired-token message', async () => {
    fakeKit({
      'GET /v2/session': () => Response.json({ user: ana, mustChangePassword: false }),
      'POST /user/update': () => errorBody(401, 'TOKEN_EXPIRED'),
      'GET /user/7': () => errorBody(401, 'UNAUTHORIZED'),
      'POST /deauth': () => Response.json({ ok: true }),
    });
    await ensureSessionLoaded();
    await Promise.allSettled([api.request('/user/update', { method: 'POST', body: {} }), api.get('/user/7')]);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/login?cb=/menu'));
    expect(getSession().loggedIn).toBe(false);
    expect(getNotifications().map((n) => n.message)).toEqual(['Su token ha expirado, vuelva a iniciar sesión']);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('other failures of an authenticated call leave the session alone', async () => {
    fakeKit({
      'GET /v2/session': () => Response.json({ user: ana, mustChangePassword: false }),
      'POST /user/update': () => errorBody(403, 'FORBIDDEN'),
    });
    await ensureSessionLoaded();
    await api.request('/user/update', { method: 'POST', body: {} }).catch(() => undefined);
    expect(getSession().loggedIn).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a password change takes the fresh token, ends the forced change and clears the tmp_login cookie', async () => {
    document.cookie = 'tmp_login=1; Path=/';
    fakeKit({
      'POST /v3/authTemporary': () => loginAnswer(true),
      'PUT /v3/users/password': () => Response.json({ token: 'jwt-2', user: ana, mustChangePassword: false }),
    });
    await logIn({ user_name: 'ana', password: 'tmp' }, 'temporary');
    await changeOwnPassword('nueva-clave');
    expect(getSession()).toMatchObject({ mustChangePassword: false, token: 'jwt-2', loggedIn: true });
    expect(getSessionToken()).toBe('jwt-2');
    expect(document.cookie).not.toContain('tmp_login=1');
  });
});
