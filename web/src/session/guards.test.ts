import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  decideRoute,
  OPEN_CONFIG,
  routeMetaOf,
  routeNameOf,
  safeReturnPath,
  type GuardConfig,
  type GuardSession,
  type RouteAccessHandle,
} from './guards.ts';

const anonymous: GuardSession = { loggedIn: false, userId: null, isAdmin: false };
const user: GuardSession = { loggedIn: true, userId: 7, isAdmin: false };
const admin: GuardSession = { loggedIn: true, userId: 1, isAdmin: true };
const deniedAdmin: GuardSession = { loggedIn: true, userId: 9, isAdmin: true };

const open = OPEN_CONFIG;
const restricted: GuardConfig = { ...OPEN_CONFIG, restrictedMode: true };
const denying: GuardConfig = { ...OPEN_CONFIG, deniedUsers: [9, 7] };
const oldKit: GuardConfig = { ...OPEN_CONFIG, isKit: true, isOldBrowser: true };
const oldBrowserNoKit: GuardConfig = { ...OPEN_CONFIG, isOldBrowser: true };
const kitModern: GuardConfig = { ...OPEN_CONFIG, isKit: true };

const needsUser: RouteAccessHandle = { access: 'user' };

type Row = [rule: string, path: string, session: GuardSession, config: GuardConfig, meta: RouteAccessHandle, expected: string | null];

/** Every rule of docs/PRODUCT.md#route-guards "Route guard rules", with the cases at its edges. */
const table: Row[] = [
  // A logged-in user visiting the login page is sent to cb if present, otherwise to /.
  ['login page, logged in, with cb', '/login?cb=%2Fbiblioteca%3Fc%3D3', user, open, {}, '/biblioteca?c=3'],
  ['login page, logged in, no cb', '/login', user, open, {}, '/'],
  ['login page, logged in, cb off-site is ignored', '/login?cb=%2F%2Fevil.example', user, open, {}, '/'],
  ['login page, logged in, cb to a login page is ignored', '/login?cb=%2Fregister', user, open, {}, '/'],
  ['temporary login page, logged in', '/login/temporary?cb=%2Fmenu', user, open, {}, '/menu'],
  ['register page, logged in', '/register', user, open, {}, '/'],
  ['login page, anonymous, stays', '/login?cb=%2Fmenu', anonymous, open, {}, null],
  ['admin login, logged-in admin → /admin', '/admin/login', admin, open, {}, '/admin'],
  ['admin login, logged-in non-admin stays (may sign in as an admin)', '/admin/login', user, open, {}, null],
  ['admin login, anonymous stays', '/admin/login', anonymous, open, {}, null],
  ['login?route=…, logged-in non-admin stays to read why', '/login?route=admin-users', user, open, {}, null],
  ['login?route=…, logged-in admin → /', '/login?route=admin-users', admin, open, {}, '/'],

  // Pages needing authentication redirect anonymous users to /login, except /menu.
  ['auth page, anonymous → /login with cb', '/upload', anonymous, open, needsUser, '/login?cb=%2Fupload'],
  ['auth page with query, anonymous', '/upload/draft?x=1', anonymous, open, needsUser, '/login?cb=%2Fupload%2Fdraft%3Fx%3D1'],
  ['auth page, logged in', '/upload', user, open, needsUser, null],
  ['/menu is exempt even if marked', '/menu', anonymous, open, needsUser, null],
  ['/upload needs a login without metadata (docs/PRODUCT.md#route-guards)', '/upload', anonymous, open, {}, '/login?cb=%2Fupload'],
  ['/upload/draft too', '/upload/draft', anonymous, open, {}, '/login?cb=%2Fupload%2Fdraft'],
  ['/uploads is another path', '/uploads', anonymous, open, {}, null],
  ['public page, anonymous', '/biblioteca', anonymous, open, {}, null],

  // In restricted mode, anonymous users go to /login, or /admin/login for admin paths, except /menu.
  ['restricted, anonymous, library → /login', '/biblioteca?c=2', anonymous, restricted, {}, '/login?cb=%2Fbiblioteca%3Fc%3D2'],
  ['restricted, anonymous, / → /login', '/', anonymous, restricted, {}, '/login'],
  ['restricted, anonymous, admin path → /admin/login', '/admin/users', anonymous, restricted, {}, '/admin/login'],
  ['restricted, anonymous, /admin → /admin/login', '/admin', anonymous, restricted, {}, '/admin/login'],
  ['restricted, anonymous, /menu exempt', '/menu', anonymous, restricted, {}, null],
  ['restricted, anonymous, /login itself', '/login', anonymous, restricted, {}, null],
  ['restricted, anonymous, /admin/login itself', '/admin/login', anonymous, restricted, {}, null],
  ['restricted, anonymous, /register stays reachable', '/register', anonymous, restricted, {}, null],
  ['restricted, logged in, library', '/biblioteca', user, restricted, {}, null],

  // Admin area: logged in and an admin, otherwise /login?route={route name}.
  ['admin area, anonymous', '/admin/users', anonymous, open, {}, '/login?route=admin-users'],
  ['admin area root, anonymous', '/admin', anonymous, open, {}, '/login?route=admin'],
  ['admin area, deep path', '/admin/resources/all', anonymous, open, {}, '/login?route=admin-resources-all'],
  ['admin area, declared route name', '/admin/users', user, open, { name: 'usuarios' }, '/login?route=usuarios'],
  ['admin area, logged-in non-admin', '/admin/category', user, open, {}, '/login?route=admin-category'],
  ['admin area, admin', '/admin/users', admin, open, {}, null],
  ['admin metadata outside /admin', '/reportes', user, open, { access: 'admin' }, '/login?route=reportes'],
  ['metadata cannot open an admin path', '/admin/users', anonymous, open, { access: 'public' }, '/login?route=admin-users'],

  // Users whose id is in the denied-users list are redirected to / on any admin path.
  ['denied admin on an admin path', '/admin/users', deniedAdmin, denying, {}, '/'],
  ['denied admin on /admin', '/admin', deniedAdmin, denying, {}, '/'],
  ['denied admin on /admin/login', '/admin/login', deniedAdmin, denying, {}, '/'],
  ['denied non-admin on an admin path', '/admin/users', user, denying, {}, '/'],
  ['denied user elsewhere is left alone', '/biblioteca', deniedAdmin, denying, {}, null],
  ['admin not on the list', '/admin/users', admin, denying, {}, null],

  // A kit device with an old browser is sent to /extra/download-browser.
  ['old browser on a kit', '/biblioteca', anonymous, oldKit, {}, '/extra/download-browser'],
  ['old browser on a kit, /menu too', '/menu', user, oldKit, {}, '/extra/download-browser'],
  ['old browser on a kit, the page itself', '/extra/download-browser', anonymous, oldKit, {}, null],
  ['old browser on a kit, the download page', '/extra/download', anonymous, oldKit, {}, null],
  ['old browser, not a kit', '/biblioteca', anonymous, oldBrowserNoKit, {}, null],
  ['kit with a modern browser', '/biblioteca', anonymous, kitModern, {}, null],
  ['old browser wins over restricted mode', '/biblioteca', anonymous, { ...oldKit, restrictedMode: true }, {}, '/extra/download-browser'],

  // After logout a user who is not logged in goes to /login?cb=/menu: the logout page itself is always reachable.
  ['logout page, anonymous, restricted', '/extra/logout', anonymous, restricted, {}, null],
  ['logout page, logged in', '/extra/logout', user, open, {}, null],
];

describe('decideRoute (route guard rules)', () => {
  it.each(table)('%s: %s', (_rule, path, session, config, meta, expected) => {
    expect(decideRoute(path, session, config, meta)).toBe(expected);
  });

  it('never sends a visit to the page it is on', () => {
    for (const [, path, session, config, meta] of table) {
      const to = decideRoute(path, session, config, meta);
      if (to !== null) expect(to).not.toBe(path);
    }
  });

  it('ends every redirect chain within three steps, on a page the guard lets through', () => {
    for (const [rule, start, session, config, meta] of table) {
      let path = start;
      for (let step = 0; step < 3; step += 1) {
        const to = decideRoute(path, session, config, path === start ? meta : {});
        if (to === null) break;
        path = to;
      }
      expect(decideRoute(path, session, config, path === start ? meta : {}), rule).toBeNull();
    }
  });
});

describe('route names and return paths', () => {
  it.each([
    ['/admin/users', 'admin-users'],
    ['/admin/', 'admin'],
    ['/', 'index'],
  ])('routeNameOf(%s) is %s', (path, name) => {
    expect(routeNameOf(path)).toBe(name);
  });

  it.each([
    ['/biblioteca?c=1', '/biblioteca?c=1'],
    ['https://evil.example/', null],
    ['//evil.example/', null],
    ['/\\evil.example', null],
    ['/login?cb=/x', null],
    ['/extra/logout', null],
    [null, null],
  ])('safeReturnPath(%s) is %s', (cb, expected) => {
    expect(safeReturnPath(cb)).toBe(expected);
  });
});

describe('routeMetaOf (route handle metadata)', () => {
  const routes: RouteObject[] = [
    {
      path: '/',
      children: [
        {
          handle: { access: 'user' } satisfies RouteAccessHandle,
          children: [
            { path: 'upload', children: [{ path: 'draft' }] },
            { path: 'upload/help', handle: { access: 'public' } },
          ],
        },
        { path: 'admin/users', handle: { name: 'usuarios' } },
        { path: '*' },
      ],
    },
  ];

  it('takes access from the nearest layout that declares it', () => {
    expect(routeMetaOf(routes, '/upload/draft')).toEqual({ access: 'user', name: undefined });
  });

  it('lets a child route override its layout', () => {
    expect(routeMetaOf(routes, '/upload/help').access).toBe('public');
  });

  it('reads the route name', () => {
    expect(routeMetaOf(routes, '/admin/users').name).toBe('usuarios');
  });

  it('has no metadata for a route that declares none', () => {
    expect(routeMetaOf(routes, '/otra')).toEqual({ access: undefined, name: undefined });
  });
});
