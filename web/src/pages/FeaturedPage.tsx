import { useLoaderData } from 'react-router';
import type { FeaturedData } from '../features/library/library-loaders.ts';
import { listQueryString } from '../features/library/list-params.ts';
import { ResourceListView } from '../features/library/ResourceListView.tsx';
import { esLibrary } from '../i18n/es-library.ts';
import { esOfflinePages } from '../i18n/es-offline-pages.ts';
import { OfflineNote } from '../offline/OfflineNote.tsx';

/** `/featured`: Más vistos, the library ordered by views (docs/PRODUCT.md#pages). */
export function FeaturedPage() {
  const { filters, page, offline } = useLoaderData<FeaturedData>();
  return (
    <ResourceListView
      title={esLibrary.header.featured}
      note={offline ? <OfflineNote text={esOfflinePages.library.offline} /> : undefined}
      page={page}
      type={filters.type}
      typeHref={(type) => `/featured${listQueryString({ type })}`}
      pageHref={(n) => `/featured${listQueryString({ type: filters.type, page: n })}`}
    />
  );
}
