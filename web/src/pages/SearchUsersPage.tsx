import { useLoaderData } from 'react-router';
import { Pagination } from '../ui/Pagination.tsx';
import { SearchHeader } from '../features/search/SearchHeader.tsx';
import type { SearchUsersData } from '../features/search/search-loaders.ts';
import { searchHref, withPage } from '../features/library/search-state.ts';
import { UserResults } from '../features/search/UserResults.tsx';

/** `/search/users?q=`: users whose names match, paged (docs/PRODUCT.md#search). */
export function SearchUsersPage() {
  const { state, result } = useLoaderData<SearchUsersData>();
  return (
    <section className="search-page">
      <SearchHeader state={state} />
      {result && (
        <>
          <UserResults users={result.data} query={state.query} />
          <Pagination page={result.current_page} lastPage={result.last_page} hrefFor={(n) => searchHref('users', withPage(state, n))} />
        </>
      )}
    </section>
  );
}
