import { useLoaderData } from 'react-router';
import { CategoryPath } from '../features/library/CategoryPath.tsx';
import type { LibraryHomeData } from '../features/library/library-loaders.ts';
import { listQueryString, type ListFilters } from '../features/library/list-params.ts';
import { ResourceListView } from '../features/library/ResourceListView.tsx';
import { esLibrary } from '../i18n/es-library.ts';
import { esOfflinePages } from '../i18n/es-offline-pages.ts';
import { OfflineNote } from '../offline/OfflineNote.tsx';

/** `/{product}`: the library, by category (?c=) and type (?type=), paged (docs/PRODUCT.md#pages). */
export function LibraryPage() {
  const { context, filters, page, branch, offline } = useLoaderData<LibraryHomeData>();
  const href = (change: Partial<ListFilters>) => `/${context.productSlug}${listQueryString({ ...filters, ...change })}`;
  const category = branch[branch.length - 1];
  return (
    <ResourceListView
      title={category?.name ?? (context.productName || esLibrary.header.home)}
      before={branch.length > 1 ? <CategoryPath path={branch.slice(0, -1)} productSlug={context.productSlug} /> : undefined}
      note={offline ? <OfflineNote text={esOfflinePages.library.offline} /> : undefined}
      page={page}
      type={filters.type}
      typeHref={(type) => href({ type, page: 1 })}
      pageHref={(n) => href({ page: n })}
    />
  );
}
