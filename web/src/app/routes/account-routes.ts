import { redirect, type RouteObject } from 'react-router';
import type { RouteAccessHandle } from '../../session/guards.ts';
import { AFTER_LOGOUT_PATH, endSession } from '../../session/session-store.ts';
import { lazyRoute, type RouteChunk } from '../lazy-route.ts';

const guest: RouteAccessHandle = { access: 'guest' };

/** /extra/logout: ends the session (even when the call fails) and goes to /login?cb=/menu (docs/PRODUCT.md#session). */
export async function logoutLoader(): Promise<Response> {
  await endSession();
  return redirect(AFTER_LOGOUT_PATH);
}

// Two lazy chunks: the login and registration pages, and the profile pages.
const entry: RouteChunk = () => import('../chunks/account-entry-chunk.ts');
const profile: RouteChunk = () => import('../chunks/account-profile-chunk.ts');
const profilePage = (Component: string, loader: string) => lazyRoute(profile, { Component, loader, ErrorBoundary: 'AccountLoadError' });

/**
 * The accounts routes, under the no-sidebar layout. Access needs are declared
 * in `handle` (see session/guards.ts).
 */
export function accountRoutes(): RouteObject[] {
  return [
    { path: 'extra/logout', loader: logoutLoader },
    {
      ...lazyRoute(() => import('../../layouts/NoSidebarLayout.tsx'), { Component: 'NoSidebarLayout' }),
      children: [
        { path: 'login', handle: guest, ...lazyRoute(entry, { Component: 'LoginPage' }) },
        { path: 'login/temporary', handle: guest, ...lazyRoute(entry, { Component: 'TemporaryLoginPage' }) },
        { path: 'register', handle: guest, ...lazyRoute(entry, { Component: 'RegisterPage' }) },
        { path: 'admin/login', handle: { access: 'guest', name: 'admin-login' } satisfies RouteAccessHandle, ...lazyRoute(entry, { Component: 'AdminLoginPage' }) },
        { path: 'user/constants/education', ...profilePage('EducationConstantsPage', 'educationLoader') },
        { path: 'user/constants/occupation', ...profilePage('OccupationConstantsPage', 'occupationLoader') },
        { path: 'user/:id', ...profilePage('ProfilePage', 'profileLoader') },
      ],
    },
  ];
}
