import { esAdmin } from '../../i18n/es-admin.ts';
import { NOT_PAGES, type AdminPath } from '../../ui/admin-pages.ts';

/** Lines listed only with moderation on, or only on a kit (the page itself answers either way). */
const LISTED_WHEN: Partial<Record<AdminPath, 'moderation' | 'kit'>> = {
  'resources/pending-approval': 'moderation',
  device: 'kit',
};

/** The side menu's pages in its order (docs/PRODUCT.md#admin-menu). */
export const ADMIN_PATHS = Object.keys(esAdmin.menu).filter((key): key is AdminPath => !(NOT_PAGES as readonly string[]).includes(key));

/** Whether the side menu lists a path, given the kit's settings. */
export function isListed(path: AdminPath, config: { isKit: boolean; resourceModeration: boolean } | null): boolean {
  const when = LISTED_WHEN[path];
  return when === 'moderation' ? Boolean(config?.resourceModeration) : when === 'kit' ? Boolean(config?.isKit) : true;
}

/** Whether the side menu lists a path under «Recursos». */
export const isResourceList = (path: AdminPath): boolean => path.startsWith('resources/');
