import type { AdminMenu, Banner, CategoryTreeNode, ServicesModeName } from '@kit/contract';
import type { LoaderFunctionArgs } from 'react-router';
import { getCategoryTypes } from '../../api/library.ts';
import { getAdminMenu, getBanners } from '../../api/menu-admin.ts';
import { getClientConfig } from '../../api/portal.ts';
import type { CategoryOption } from './tile-target.ts';

/** docs/PRODUCT.md#services-modes services modes, in the order the editor shows them. */
export const EDITOR_MODES: readonly ServicesModeName[] = ['default', 'planet', 'community'];

export interface MenuEditorData {
  mode: ServicesModeName;
  menu: AdminMenu;
  categories: CategoryOption[];
  banners: Banner[];
  /** the library's address word, shown where a tile's route holds `{product}` */
  productSlug: string;
}

/** Categories as the editor offers them: tree order, each named with its ancestors. */
export function categoryOptions(flat: readonly Pick<CategoryTreeNode, 'id' | 'name' | 'parentId'>[]): CategoryOption[] {
  const byId = new Map(flat.map((c) => [c.id, c]));
  const labelOf = (id: number, depth = 0): string => {
    const category = byId.get(id);
    if (!category) return '';
    const parent = category.parentId !== null && depth < 20 ? labelOf(category.parentId, depth + 1) : '';
    return parent ? `${parent} › ${category.name}` : category.name;
  };
  return flat.map((c) => ({ id: c.id, label: labelOf(c.id) }));
}

/** /admin/menu?modo=… : one services mode's tiles (the kit's active mode unless another is asked), the categories, the banners. */
export async function menuEditorLoader({ request }: LoaderFunctionArgs): Promise<MenuEditorData> {
  const asked = new URL(request.url).searchParams.get('modo');
  const config = await getClientConfig(request.signal);
  const mode = EDITOR_MODES.find((m) => m === asked) ?? config.servicesMode;
  const [menu, tree, banners] = await Promise.all([getAdminMenu(mode, request.signal), getCategoryTypes(false, request.signal), getBanners(request.signal)]);
  return { mode, menu, categories: categoryOptions(tree), banners: banners.data, productSlug: config.productSlug };
}
