import { createElement } from 'react';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import type { AdminPage, AdminPages } from '../../ui/admin-pages.ts';
import { NotFoundPage } from '../../pages/NotFoundPage.tsx';

/*
 * The admin panel's code as one lazy chunk, the portal's admin pages (menu
 * editor, ads, messages) included: visitors never download it. Its pages are
 * every feature's `Admin…Page.tsx`, found by the bundler: each says which
 * paths under /admin it draws (ui/admin-pages.ts).
 */
const modules = import.meta.glob<AdminPages>('../../features/*/Admin*Page.tsx', { eager: true, import: 'adminPages' });
const drawn = Object.values(modules).flatMap((paths) => Object.entries(paths)) as [string, AdminPage][];
const pages = new Map(drawn);

const pageAt = (params: { '*'?: string }): AdminPage | undefined => pages.get((params['*'] ?? '').replace(/\/+$/, ''));

/** The paths the panel's modules draw, for the test that every line of the side menu opens a page. */
export const drawnPaths = (): string[] => drawn.map(([path]) => path);

export { AdminShell } from '../../features/admin/AdminShell.tsx';
export { PortalRouteError } from '../../features/portal/PortalRouteError.tsx';

/** The data of the page at the address, if it has a loader. */
export const adminPageLoader = async (args: LoaderFunctionArgs): Promise<unknown> => (await pageAt(args.params)?.loader?.(args)) ?? null;

/** The page at the address, inside the panel's frame; an address no page draws is not found. */
export function AdminPageRoute() {
  const page = pageAt(useParams());
  return createElement(page?.Component ?? NotFoundPage);
}
