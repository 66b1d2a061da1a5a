import type { ClientConfig } from '@kit/contract';
import { matchRoutes, redirect, type MiddlewareFunction, type RouteObject } from 'react-router';
import { getClientConfig } from '../api/portal.ts';
import { ensureSessionLoaded, getSession, subscribeSession, takeExpiredAtStart, AFTER_LOGOUT_PATH } from './session-store.ts';

/**
 * Route guards: every rule of docs/PRODUCT.md#route-guards "Route guard rules", decided by one pure
 * function and applied by one React Router middleware on the root route, so
 * it runs before any loader of any navigation (the first one included).
 *
 * ROUTE METADATA — how a page says who may open it. Put a static `handle`
 * on its route object (not inside `lazy`: the guard reads the route tree
 * before any chunk loads):
 *
 *     { path: 'upload', handle: { access: 'user' } satisfies RouteAccessHandle, lazy: {…} }
 *
 *   access: 'public' (default) anyone; 'user' logged in, else /login?cb=…;
 *           'admin' logged in and admin, else /login?route={name};
 *           'guest' a login/registration page: a logged-in user goes to cb or /.
 *   name:   the route name sent as ?route= by the admin guard (default: the
 *           path with '/' turned into '-', e.g. /admin/users → admin-users).
 *
 * The deepest matched route that declares `access` wins, so a layout route can
 * declare it for all its children and a child can still say otherwise. Paths
 * are also guarded whatever the metadata says: everything under /admin (but
 * /admin/login) is 'admin', /upload and below 'user' (docs/PRODUCT.md#route-guards), /menu never
 * needs a login, and the restricted-mode, denied-users and old-browser rules
 * apply to every path.
 */
export type RouteAccess = 'public' | 'user' | 'admin' | 'guest';

export interface RouteAccessHandle {
  access?: RouteAccess;
  name?: string;
}

/** What the rules need to know about the session. */
export interface GuardSession {
  loggedIn: boolean;
  userId: number | null;
  isAdmin: boolean;
}

/** What the rules need from GET /api/v2/id/config. */
export type GuardConfig = Pick<ClientConfig, 'restrictedMode' | 'deniedUsers' | 'isKit' | 'isOldBrowser'>;

export const OPEN_CONFIG: GuardConfig = Object.freeze({ restrictedMode: false, deniedUsers: [], isKit: false, isOldBrowser: false });

export const MENU_PATH = '/menu';
export const DOWNLOAD_BROWSER_PATH = '/extra/download-browser';
export const LOGOUT_PATH = '/extra/logout';
export const ADMIN_LOGIN_PATH = '/admin/login';
export const ADMIN_HOME_PATH = '/admin';
/** docs/PRODUCT.md#route-guards: uploading needs a logged-in user; 'user' for these paths and below, whatever their metadata says. */
const USER_PATH_PREFIXES = ['/upload'];
/** Login and registration pages: 'guest' whatever their metadata says. */
const GUEST_PATHS = new Set(['/login', '/login/temporary', '/register', ADMIN_LOGIN_PATH]);
/** Reachable by an old browser on a kit: where it is told what to do. */
const OLD_BROWSER_PATHS = new Set([DOWNLOAD_BROWSER_PATH, '/extra/download']);

function trimSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function isAdminPath(pathname: string): boolean {
  const path = trimSlash(pathname);
  return path === '/admin' || path.startsWith('/admin/');
}

/** The route name of a path when its route declares none: /admin/users → admin-users, / → index. */
export function routeNameOf(pathname: string): string {
  return trimSlash(pathname).replace(/^\/+/, '').replace(/\//g, '-') || 'index';
}

/** A return path (cb) worth following: on this site, not a login page; null otherwise. */
export function safeReturnPath(cb: string | null): string | null {
  if (!cb || !cb.startsWith('/') || cb.startsWith('//') || cb.startsWith('/\\')) return null;
  const pathname = new URL(cb, 'http://kit.invalid').pathname;
  if (GUEST_PATHS.has(trimSlash(pathname)) || trimSlash(pathname) === LOGOUT_PATH) return null;
  return cb;
}

/** The login page, coming back to `path` (pathname + search) afterwards. */
export function loginWithCb(path: string): string {
  return path === '/' ? '/login' : `/login?cb=${encodeURIComponent(path)}`;
}

/**
 * Where the guard sends a visit to `path` (pathname + search), or null to let
 * it through. Rules in order (docs/PRODUCT.md#route-guards):
 *   1. kit + old browser → /extra/download-browser
 *   2. denied user on any admin path → /
 *   3. logged-in user on a login page → cb, else / (an admin on /admin/login → /admin;
 *      a non-admin on /login?route=… stays, to read why and reach the admin login)
 *   4. restricted mode, anonymous → /login (/admin/login for admin paths); /menu exempt
 *   5. admin area without an admin session → /login?route={route name}
 *   6. page needing authentication, anonymous → /login?cb={path}; /menu exempt
 */
export function decideRoute(path: string, session: GuardSession, config: GuardConfig, meta: RouteAccessHandle = {}): string | null {
  const url = new URL(path, 'http://kit.invalid');
  const pathname = trimSlash(url.pathname);
  const here = `${url.pathname}${url.search}`;
  const admin = isAdminPath(pathname);
  const guest = GUEST_PATHS.has(pathname);
  const access: RouteAccess = guest
    ? 'guest'
    : admin
      ? 'admin'
      : pathname === MENU_PATH
        ? 'public'
        : USER_PATH_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))
          ? 'user'
          : (meta.access ?? 'public');
  const target = (to: string): string | null => (to === here ? null : to);

  if (config.isKit && config.isOldBrowser && !OLD_BROWSER_PATHS.has(pathname)) return target(DOWNLOAD_BROWSER_PATH);
  if (pathname === LOGOUT_PATH || pathname === DOWNLOAD_BROWSER_PATH) return null;

  const userId = session.loggedIn ? session.userId : null;
  if (admin && userId !== null && config.deniedUsers.includes(userId)) return target('/');

  if (access === 'guest') {
    if (!session.loggedIn) return null;
    if (pathname === ADMIN_LOGIN_PATH) return session.isAdmin ? target(ADMIN_HOME_PATH) : null;
    // sent here by the admin guard: the page tells a non-admin why, and offers the admin login
    if (pathname === '/login' && url.searchParams.has('route') && !session.isAdmin) return null;
    return target(safeReturnPath(url.searchParams.get('cb')) ?? '/');
  }

  if (config.restrictedMode && !session.loggedIn && pathname !== MENU_PATH) {
    return target(admin ? ADMIN_LOGIN_PATH : loginWithCb(here));
  }

  if (access === 'admin' && !(session.loggedIn && session.isAdmin)) {
    return target(`/login?route=${encodeURIComponent(meta.name ?? routeNameOf(pathname))}`);
  }

  if (access === 'user' && !session.loggedIn) return target(loginWithCb(here));

  return null;
}

/** The access metadata of a location: the deepest matched route that declares each field. */
export function routeMetaOf(routes: RouteObject[], pathname: string): RouteAccessHandle {
  const matches = matchRoutes(routes, pathname) ?? [];
  const meta: RouteAccessHandle = {};
  for (const { route } of [...matches].reverse()) {
    const handle = route.handle as RouteAccessHandle | undefined;
    meta.access ??= handle?.access;
    meta.name ??= handle?.name;
  }
  return meta;
}

// ---- the config the rules read: once per page load and per session, the last one known when offline ----
const CONFIG_KEY = 'kp_guard_config';
let configLoading: Promise<GuardConfig> | null = null;

/*
 * The config answers for its caller (deniedUsers lists at most the caller
 * themself), so a config loaded before a login or logout speaks of someone
 * else: when the session changes hands it is asked for again. The first
 * session the page loads is the one the config was asked with (same cookie).
 */
let configViewer: number | null | undefined;
subscribeSession(() => {
  const { loaded, userId } = getSession();
  if (!loaded) return;
  if (configViewer !== undefined && configViewer !== userId) configLoading = null;
  configViewer = userId;
});

function pickGuardConfig(config: GuardConfig): GuardConfig {
  return {
    restrictedMode: config.restrictedMode === true,
    deniedUsers: Array.isArray(config.deniedUsers) ? config.deniedUsers : [],
    isKit: config.isKit === true,
    isOldBrowser: config.isOldBrowser === true,
  };
}

export function loadGuardConfig(): Promise<GuardConfig> {
  configLoading ??= getClientConfig().then(
    (config) => {
      const picked = pickGuardConfig(config);
      try {
        localStorage.setItem(CONFIG_KEY, JSON.stringify(picked));
      } catch {
        // not kept: the next offline start uses the open defaults
      }
      return picked;
    },
    () => {
      try {
        const kept = localStorage.getItem(CONFIG_KEY);
        if (kept) return pickGuardConfig(JSON.parse(kept) as GuardConfig);
      } catch {
        // unreadable: fall through
      }
      return OPEN_CONFIG;
    },
  );
  return configLoading;
}

export interface GuardDeps {
  loadSession: () => Promise<GuardSession>;
  loadConfig: () => Promise<GuardConfig>;
  /** true once when the start found the session's token refused */
  expiredAtStart: () => boolean;
}

const defaultDeps: GuardDeps = {
  loadSession: ensureSessionLoaded,
  loadConfig: loadGuardConfig,
  expiredAtStart: takeExpiredAtStart,
};

/**
 * The root route's middleware. `getRoutes` answers the route tree it sits in
 * (read for the metadata of the location being opened).
 */
export function routeGuard(getRoutes: () => RouteObject[], deps: GuardDeps = defaultDeps): MiddlewareFunction {
  return async ({ request }) => {
    const url = new URL(request.url);
    const [session, config] = await Promise.all([deps.loadSession(), deps.loadConfig()]);
    if (deps.expiredAtStart() && !GUEST_PATHS.has(trimSlash(url.pathname))) throw redirect(AFTER_LOGOUT_PATH);
    const to = decideRoute(`${url.pathname}${url.search}`, session, config, routeMetaOf(getRoutes(), url.pathname));
    if (to !== null) throw redirect(to);
  };
}

/** Tests: forget the config of this page load. */
export function resetGuardConfigForTests(): void {
  configLoading = null;
  configViewer = undefined;
}
