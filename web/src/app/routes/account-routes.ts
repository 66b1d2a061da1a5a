import { redirect, type RouteObject } from 'react-router';
import type { RouteAccessHandle } from '../../features/auth/guards.ts';
import { AFTER_LOGOUT_PATH, endSession } from '../../features/auth/session-store.ts';

const guest: RouteAccessHandle = { access: 'guest' };

/** /extra/logout: ends the session (even when the call fails) and goes to /login?cb=/menu (docs/PRODUCT.md#session). */
export async function logoutLoader(): Promise<Response> {
  await endSession();
  return redirect(AFTER_LOGOUT_PATH);
}

/*
 * Two lazy chunks, one import() each: this table is in every page's first
 * download (docs/PRODUCT.md#budgets), each page and loader is not.
 */
const entryChunk = () => import('../chunks/account-entry-chunk.ts');
const profileChunk = () => import('../chunks/account-profile-chunk.ts');

function entryPage(name: 'LoginPage' | 'TemporaryLoginPage' | 'AdminLoginPage' | 'RegisterPage'): RouteObject['lazy'] {
  return { Component: async () => (await entryChunk())[name] };
}

type ProfilePageName = 'ProfilePage' | 'EducationConstantsPage' | 'OccupationConstantsPage';

function profilePage(name: ProfilePageName, loader: () => Promise<RouteObject['loader']>): RouteObject['lazy'] {
  return {
    Component: async () => (await profileChunk())[name],
    ErrorBoundary: async () => (await profileChunk()).AccountLoadError,
    loader,
  };
}

/**
 * The accounts routes (docs/API-accounts.md), spread into the app shell's children by
 * app/router.tsx, under the no-sidebar layout. Access needs are declared in
 * `handle` (see guards.ts).
 */
export function accountRoutes(): RouteObject[] {
  return [
    { path: 'extra/logout', loader: logoutLoader },
    {
      lazy: { Component: async () => (await import('../../layouts/NoSidebarLayout.tsx')).NoSidebarLayout },
      children: [
        { path: 'login', handle: guest, lazy: entryPage('LoginPage') },
        { path: 'login/temporary', handle: guest, lazy: entryPage('TemporaryLoginPage') },
        { path: 'register', handle: guest, lazy: entryPage('RegisterPage') },
        { path: 'admin/login', handle: { access: 'guest', name: 'admin-login' } satisfies RouteAccessHandle, lazy: entryPage('AdminLoginPage') },
        {
          path: 'user/constants/education',
          lazy: profilePage('EducationConstantsPage', async () => (await profileChunk()).constantsLoader('education')),
        },
        {
          path: 'user/constants/occupation',
          lazy: profilePage('OccupationConstantsPage', async () => (await profileChunk()).constantsLoader('occupation')),
        },
        { path: 'user/:id', lazy: profilePage('ProfilePage', async () => (await profileChunk()).profileLoader) },
      ],
    },
  ];
}
