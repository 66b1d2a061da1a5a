import type { SearchPage, SearchResults } from '@kit/contract';
import { Link } from 'react-router';
import { esLibrary } from '../../i18n/es-library.ts';
import { fill } from '../../ui/fill.ts';
import { ResourceGrid } from '../library/ResourceCard.tsx';
import { SearchHits } from './SearchHits.tsx';
import { searchHref, type SearchState } from '../library/search-state.ts';
import { UserResults } from './UserResults.tsx';

function countLabel(n: number): string {
  return n === 1 ? esLibrary.search.oneResult : fill(esLibrary.search.count, { n });
}

/** A note when the text matched more resources than one search looks at (the newest are searched). */
export function SearchNote({ capped }: { capped: boolean }) {
  if (!capped) return null;
  return <p className="search-note">{esLibrary.search.capped}</p>;
}

/**
 * /search: the first resources and libraries' articles found (ranked together
 * by the kit; resources only when it is out of reach), then the users, each
 * with a way to see them all.
 */
export function SearchOverview({ state, result, found }: { state: SearchState; result: SearchPage; found: SearchResults | null }) {
  const t = esLibrary.search;
  const total = found?.total ?? result.total;
  return (
    <>
      <section className="search-section" aria-labelledby="search-resources">
        <div className="search-section__head">
          <h2 id="search-resources">{t.resources}</h2>
          {total > 0 && <span>{countLabel(total)}</span>}
        </div>
        <SearchNote capped={found?.capped ?? result.capped} />
        {total === 0 ? (
          <p className="library-empty">{fill(t.noResources, { q: state.query })}</p>
        ) : found ? (
          <SearchHits hits={found.data} label={t.resources} />
        ) : (
          <ResourceGrid resources={result.data} label={t.resources} />
        )}
        {result.total > result.data.length && (
          <Link className="button button--light" to={searchHref('res', { query: state.query, type: state.type })}>
            {t.seeAll}
          </Link>
        )}
      </section>
      <section className="search-section" aria-labelledby="search-users">
        <div className="search-section__head">
          <h2 id="search-users">{t.users}</h2>
          {result.users.total > 0 && <span>{countLabel(result.users.total)}</span>}
        </div>
        <UserResults users={result.users.data} query={state.query} />
        {result.users.total > result.users.data.length && (
          <Link className="button button--light" to={searchHref('users', { query: state.query })}>
            {t.seeAll}
          </Link>
        )}
      </section>
    </>
  );
}
