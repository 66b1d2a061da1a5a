import { useLoaderData } from 'react-router';
import { fill } from '../ui/fill.ts';
import { Pagination } from '../ui/Pagination.tsx';
import { ResourceGrid } from '../features/library/ResourceCard.tsx';
import { TypeFilter } from '../features/library/TypeFilter.tsx';
import { SearchHeader } from '../features/search/SearchHeader.tsx';
import { SearchNote } from '../features/search/SearchOverview.tsx';
import type { SearchResourcesData } from '../features/search/search-loaders.ts';
import { searchHref, withPage, withType } from '../features/library/search-state.ts';
import { esLibrary } from '../i18n/es-library.ts';
import { esOfflinePages } from '../i18n/es-offline-pages.ts';
import { OfflineNote } from '../offline/OfflineNote.tsx';

/** `/search/res?q=`: resource results, by type, paged (docs/PRODUCT.md#search). */
export function SearchResourcesPage() {
  const { state, result, offline } = useLoaderData<SearchResourcesData>();
  return (
    <section className="search-page">
      <SearchHeader state={state} />
      {offline && <OfflineNote text={esOfflinePages.search.offline} />}
      {result && (
        <>
          <TypeFilter current={state.type} hrefFor={(type) => searchHref('res', withType(state, type))} />
          <SearchNote capped={result.capped} />
          {result.total === 0 ? (
            <p className="library-empty">{fill(esLibrary.search.noResources, { q: state.query })}</p>
          ) : (
            <ResourceGrid resources={result.data} label={esLibrary.search.resources} />
          )}
          <Pagination page={result.current_page} lastPage={result.last_page} hrefFor={(n) => searchHref('res', withPage(state, n))} />
        </>
      )}
    </section>
  );
}
