import type { esAdmin } from '../../i18n/es-admin.ts';

/** A page's path under /admin: each has its line in the side menu. */
export type AdminPath = Exclude<keyof typeof esAdmin.menu, 'resources' | 'backToMenu' | 'logout'>;

/** One page of the admin panel: its address, its line in the side menu and where its code is. */
export interface AdminPage {
  /** the path under /admin ('' is the summary); its line in the side menu is esAdmin.menu[path] */
  path: AdminPath;
  /** listed only with moderation on, or only on a kit (the page itself answers either way) */
  listedWhen?: 'moderation' | 'kit';
  /** its code is in the upload pages' chunk, not in the admin panel's */
  inUploadChunk?: true;
  /** the names its chunk exports for the page and, if it has one, its loader */
  Component: string;
  loader?: string;
}

const resourceList = (path: AdminPath, listedWhen?: AdminPage['listedWhen']): AdminPage => ({
  path,
  listedWhen,
  Component: 'AdminResourcesPage',
});

/**
 * The admin panel's pages in the order of its side menu (docs/PRODUCT.md#admin-menu).
 * The routes and the menu are both made from this table: a new page is a row
 * here and its page's export in its chunk.
 */
export const ADMIN_PAGES: readonly AdminPage[] = [
  { path: '', Component: 'AdminSummaryPage' },
  { path: 'users', Component: 'AdminUsersPage' },
  resourceList('resources/all'),
  { path: 'resources/upload', inUploadChunk: true, Component: 'AdminUploadPage', loader: 'adminUploadLoader' },
  resourceList('resources/pending-approval', 'moderation'),
  resourceList('resources/draft'),
  resourceList('resources/reports'),
  resourceList('resources/block'),
  { path: 'category', Component: 'AdminCategoryPage' },
  { path: 'data', Component: 'AdminDataPage' },
  { path: 'sync', Component: 'AdminSyncPage' },
  { path: 'menu', Component: 'MenuEditorPage', loader: 'menuEditorLoader' },
  { path: 'anuncios', Component: 'AdsModerationPage', loader: 'adsModerationLoader' },
  { path: 'mensajes', Component: 'ContactMessagesPage', loader: 'contactMessagesLoader' },
  { path: 'device', listedWhen: 'kit', Component: 'AdminDevicePage' },
];

/** Whether the side menu lists a page under «Recursos». */
export const isResourceList = (page: AdminPage): boolean => page.path.startsWith('resources/');

/** A page's route name, which the guard carries to /login?route=: `admin`, `admin-users`, `admin-resources-all`… */
export const routeNameOf = (page: Pick<AdminPage, 'path'>): string => (page.path ? `admin-${page.path.replace('/', '-')}` : 'admin');
