import { render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from './router.tsx';
import { resetNotifications } from '../ui/notifications/notifications-store.ts';
import { decideRoute, OPEN_CONFIG, resetGuardConfigForTests, routeGuard, routeMetaOf, routeNameOf, type GuardConfig, type RouteAccessHandle } from '../session/guards.ts';
import { logIn } from '../session/session-actions.ts';
import { resetSessionForTests } from '../session/session-store.ts';

const ana = { id: 7, user_name: 'ana', is_admin: false, roleId: 2 };

interface Kit {
  session: 'anonymous' | 'ana' | 'expired';
  config: Partial<GuardConfig>;
}

/** The kit's answers to the guard's two calls and the pages' calls. */
function fakeKit(kit: Kit) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const path = String(input).replace(/^\/api/, '');
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      if (path === '/v2/session') {
        if (kit.session === 'expired') {
          return Response.json({ error: { httpCode: 401, type: 'auth', code: 'TOKEN_EXPIRED', message: '', data: null } }, { status: 401 });
        }
        return Response.json({ user: kit.session === 'ana' ? ana : null, mustChangePassword: false });
      }
      if (path.startsWith('/v2/id/config')) return Response.json({ ...OPEN_CONFIG, ...kit.config, device: 'smartphone' });
      if (path === '/v2/constants/education') return Response.json({ data: ['Sin nivel', 'Otros'] });
      if (path === '/deauth') return Response.json({ ok: true });
      if (path === '/user/7') return Response.json({ id: 7, user_name: 'ana', gender: 0, born_date: '1990-01-01' });
      return Response.json({ error: { httpCode: 404, type: 'not_found', code: 'ROUTE_NOT_FOUND', message: '', data: null } }, { status: 404 });
    }),
  );
  return calls;
}

function renderApp(path: string, routes: RouteObject[] = appRoutes()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const at = (router: ReturnType<typeof renderApp>) => `${router.state.location.pathname}${router.state.location.search}`;
// The routes' pages are lazy chunks that vitest transforms on first import: on a busy
// machine that alone can take seconds, so the wait is bounded by the test's own time limit.
const LONG = { timeout: 12_000 };

describe('route guard middleware in the app router', () => {
  beforeEach(() => {
    localStorage.clear();
    // the onboarding was seen: these tests are about the guards
    localStorage.setItem('kp_onboarding_7', '1');
  });

  afterEach(() => {
    resetSessionForTests();
    resetGuardConfigForTests();
    resetNotifications();
  });

  it('sends an anonymous visitor of the admin area to /login?route=…, which explains why', async () => {
    fakeKit({ session: 'anonymous', config: {} });
    const router = renderApp('/admin/users');
    expect(await screen.findByText(/Esa sección es solo para administradores/, {}, LONG)).toBeTruthy();
    expect(at(router)).toBe('/login?route=admin-users');
  });

  it('sends a logged-in user away from the login page to cb', async () => {
    fakeKit({ session: 'ana', config: {} });
    const router = renderApp('/login?cb=%2Fuser%2Fconstants%2Feducation');
    expect(await screen.findByRole('heading', { name: 'Niveles de instrucción' }, LONG)).toBeTruthy();
    expect(at(router)).toBe('/user/constants/education');
  });

  it('in restricted mode sends an anonymous visitor to /login with the way back, but opens /login itself', async () => {
    fakeKit({ session: 'anonymous', config: { restrictedMode: true } });
    const router = renderApp('/user/constants/education');
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' }, LONG)).toBeTruthy();
    expect(at(router)).toBe('/login?cb=%2Fuser%2Fconstants%2Feducation');
  });

  it('sends an old browser on a kit to /extra/download-browser', async () => {
    fakeKit({ session: 'anonymous', config: { isKit: true, isOldBrowser: true } });
    const router = renderApp('/user/constants/education');
    // the page itself belongs to the downloads feature
    await waitFor(() => expect(at(router)).toBe('/extra/download-browser'), LONG);
  });

  it('ends a session whose token the kit refused and sends to /login?cb=/menu with the message', async () => {
    const calls = fakeKit({ session: 'expired', config: {} });
    const router = renderApp('/user/constants/education');
    expect(await screen.findByText('Su token ha expirado, vuelva a iniciar sesión', {}, LONG)).toBeTruthy();
    expect(at(router)).toBe('/login?cb=/menu');
    expect(calls).toContain('POST /deauth');
  });

  it('/extra/logout ends the session and goes to /login?cb=/menu', async () => {
    const calls = fakeKit({ session: 'ana', config: {} });
    const router = renderApp('/extra/logout');
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' }, LONG)).toBeTruthy();
    expect(at(router)).toBe('/login?cb=/menu');
    expect(calls).toContain('POST /deauth');
  });

  it('asks the kit for its config again when the session changes hands, so a denied admin who just logged in stays out of the admin area', async () => {
    // The kit tells each caller only about themself: nothing to anonymous, "you are denied" to jefa.
    const jefa = { id: 9, user_name: 'jefa', is_admin: true, roleId: 1 };
    let loggedIn = false;
    let configCalls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) => {
        const path = String(input).replace(/^\/api/, '');
        if (path === '/v2/session') return Response.json({ user: loggedIn ? jefa : null, mustChangePassword: false });
        if (path.startsWith('/v2/id/config')) {
          configCalls += 1;
          return Response.json({ ...OPEN_CONFIG, deniedUsers: loggedIn ? [jefa.id] : [], device: 'smartphone' });
        }
        if (path === '/auth') {
          loggedIn = true;
          return Response.json({ token: 'jwt-jefa', user: jefa, mustChangePassword: false });
        }
        return Response.json({ error: { httpCode: 404, type: 'not_found', code: 'ROUTE_NOT_FOUND', message: '', data: null } }, { status: 404 });
      }),
    );
    const routes: RouteObject[] = [
      {
        middleware: [routeGuard(() => routes)],
        children: [
          { index: true, element: <h1>Portada</h1> },
          { path: 'biblioteca', element: <h1>Biblioteca</h1> },
          { path: 'admin/users', element: <h1>Usuarios</h1> },
        ],
      },
    ];
    const router = renderApp('/biblioteca', routes);
    expect(await screen.findByRole('heading', { name: 'Biblioteca' }, LONG)).toBeTruthy();
    expect(configCalls).toBe(1);
    await logIn({ user_name: 'jefa', password: 'clave-de-jefa' });
    await router.navigate('/admin/users');
    expect(await screen.findByRole('heading', { name: 'Portada' }, LONG)).toBeTruthy();
    expect(at(router)).toBe('/');
    expect(configCalls).toBe(2);
  });

  it('honours the access a route declares in its handle', async () => {
    fakeKit({ session: 'anonymous', config: {} });
    const routes: RouteObject[] = [
      {
        middleware: [routeGuard(() => routes)],
        children: [
          { path: 'subir', handle: { access: 'user' } satisfies RouteAccessHandle, element: <h1>Subir</h1> },
          { path: 'login', element: <h1>Ingreso</h1> },
        ],
      },
    ];
    const router = renderApp('/subir', routes);
    expect(await screen.findByRole('heading', { name: 'Ingreso' }, LONG)).toBeTruthy();
    expect(at(router)).toBe('/login?cb=%2Fsubir');
  });
});

describe('the route names the admin guard sends (?route=)', () => {
  const anonymous = { loggedIn: false, userId: null, isAdmin: false };
  const ADMIN_PAGES = [
    '/admin',
    '/admin/users',
    '/admin/category',
    '/admin/data',
    '/admin/device',
    '/admin/sync',
    '/admin/resources/all',
    '/admin/resources/block',
    '/admin/resources/draft',
    '/admin/resources/pending-approval',
    '/admin/resources/reports',
    '/admin/resources/upload',
    '/admin/menu',
    '/admin/anuncios',
    '/admin/mensajes',
  ];

  it.each(ADMIN_PAGES)('%s is named after its own path', (path) => {
    expect(decideRoute(path, anonymous, OPEN_CONFIG, routeMetaOf(appRoutes(), path))).toBe(`/login?route=${routeNameOf(path)}`);
  });

  it('sends an anonymous visitor of /admin/resources/upload to /login?route=admin-resources-upload', async () => {
    fakeKit({ session: 'anonymous', config: {} });
    const router = renderApp('/admin/resources/upload');
    expect(await screen.findByText(/Esa sección es solo para administradores/, {}, LONG)).toBeTruthy();
    expect(at(router)).toBe('/login?route=admin-resources-upload');
  });
});
