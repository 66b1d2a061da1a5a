import { useLoaderData } from 'react-router';
import { SearchHeader } from '../features/search/SearchHeader.tsx';
import { SearchOverview } from '../features/search/SearchOverview.tsx';
import type { SearchOverviewData } from '../features/search/search-loaders.ts';
import { esOfflinePages } from '../i18n/es-offline-pages.ts';
import { OfflineNote } from '../offline/OfflineNote.tsx';

/** `/search?q=`: the first resources, libraries' articles and users found (docs/PRODUCT.md#search). */
export function SearchPage() {
  const { state, result, found, offline } = useLoaderData<SearchOverviewData>();
  return (
    <section className="search-page">
      <SearchHeader state={state} />
      {offline && <OfflineNote text={esOfflinePages.search.offline} />}
      {result && <SearchOverview state={state} result={result} found={found} />}
    </section>
  );
}
