import { redirect, type RouteObject } from 'react-router';
import type { RouteAccessHandle } from '../../session/guards.ts';
import { AFTER_LOGOUT_PATH, endSession } from '../../session/session-store.ts';
import { lazyRoute, type RouteParts } from '../lazy-route.ts';

const guest: RouteAccessHandle = { access: 'guest' };

/** /extra/logout: ends the session (even when the call fails) and goes to /login?cb=/menu (docs/PRODUCT.md#session). */
export async function logoutLoader(): Promise<Response> {
  await endSession();
  return redirect(AFTER_LOGOUT_PATH);
}

// Two lazy chunks: the login and registration pages, and the profile pages.
const entry = () => import('../chunks/account-entry-chunk.ts');
const profile = () => import('../chunks/account-profile-chunk.ts');
const profilePage = (parts: (code: Awaited<ReturnType<typeof profile>>) => RouteParts) => lazyRoute(profile, (code) => ({ ...parts(code), ErrorBoundary: code.AccountLoadError }));

/**
 * The accounts routes, under the no-sidebar layout. Access needs are declared
 * in `handle` (see session/guards.ts).
 */
export function accountRoutes(): RouteObject[] {
  return [
    { path: 'extra/logout', loader: logoutLoader },
    {
      ...lazyRoute(() => import('../../layouts/NoSidebarLayout.tsx'), (m) => ({ Component: m.NoSidebarLayout })),
      children: [
        { path: 'login', handle: guest, ...lazyRoute(entry, (m) => ({ Component: m.LoginPage })) },
        { path: 'login/temporary', handle: guest, ...lazyRoute(entry, (m) => ({ Component: m.TemporaryLoginPage })) },
        { path: 'register', handle: guest, ...lazyRoute(entry, (m) => ({ Component: m.RegisterPage })) },
        { path: 'admin/login', handle: { access: 'guest', name: 'admin-login' } satisfies RouteAccessHandle, ...lazyRoute(entry, (m) => ({ Component: m.AdminLoginPage })) },
        { path: 'user/constants/education', ...profilePage((m) => ({ Component: m.EducationConstantsPage, loader: m.educationLoader })) },
        { path: 'user/constants/occupation', ...profilePage((m) => ({ Component: m.OccupationConstantsPage, loader: m.occupationLoader })) },
        { path: 'user/:id', ...profilePage((m) => ({ Component: m.ProfilePage, loader: m.profileLoader })) },
      ],
    },
  ];
}
