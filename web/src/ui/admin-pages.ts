import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';
import type { esAdmin } from '../i18n/es-admin.ts';

/** The side menu's lines that are not pages: the «Recursos» heading, the way back and the logout. */
export const NOT_PAGES = ['resources', 'backToMenu', 'logout'] as const;

/** A page's path under /admin ('' is the summary): its line in the side menu is esAdmin.menu[path]. */
export type AdminPath = Exclude<keyof typeof esAdmin.menu, (typeof NOT_PAGES)[number]>;

/** What one path of the admin panel shows: its page and, if it has one, the loader of its data. */
export interface AdminPage {
  Component: ComponentType;
  loader?: LoaderFunction;
}

/**
 * What a feature's admin page module (`features/<feature>/Admin…Page.tsx`) exports as
 * `adminPages`: the paths it draws. The panel finds these modules by their name
 * (app/chunks/admin-pages.ts), so a new page is its module and its line in
 * esAdmin.menu, whose order is the side menu's (docs/ARCHITECTURE.md).
 */
export type AdminPages = Partial<Record<AdminPath, AdminPage>>;
