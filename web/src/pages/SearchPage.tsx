import { useLoaderData } from 'react-router';
import { SearchHeader } from '../features/search/SearchHeader.tsx';
import { SearchOverview } from '../features/search/SearchOverview.tsx';
import type { SearchOverviewData } from '../features/search/search-loaders.ts';

/** `/search?q=`: the first resources and users found (SPEC §2). */
export function SearchPage() {
  const { state, result } = useLoaderData<SearchOverviewData>();
  return (
    <section className="search-page">
      <SearchHeader state={state} />
      {result && <SearchOverview state={state} result={result} />}
    </section>
  );
}
