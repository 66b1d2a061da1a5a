import { NavLink } from 'react-router';
import { esLibrary } from '../../i18n/es-library.ts';
import { fill } from '../../ui/fill.ts';
import { searchHref, type SearchState, type SearchTab } from '../library/search-state.ts';
import './search.css';

const TABS: readonly { tab: SearchTab; label: string }[] = [
  { tab: 'all', label: esLibrary.search.all },
  { tab: 'res', label: esLibrary.search.resources },
  { tab: 'users', label: esLibrary.search.users },
];

/** The search page's title and its tabs (Todo, Recursos at /search/res, Usuarios at /search/users). */
export function SearchHeader({ state }: { state: SearchState }) {
  return (
    <header className="search-header">
      <h1 className="page-title">{state.query === '' ? esLibrary.search.title : fill(esLibrary.search.resultsFor, { q: state.query })}</h1>
      {state.query === '' ? (
        <p className="library-empty">{esLibrary.search.prompt}</p>
      ) : (
        <nav className="search-tabs" aria-label={esLibrary.search.tabs}>
          {TABS.map(({ tab, label }) => (
            // A tab keeps the query and type; its page starts at 1.
            <NavLink key={tab} to={searchHref(tab, { query: state.query, type: tab === 'users' ? 0 : state.type })} end>
              {label}
            </NavLink>
          ))}
        </nav>
      )}
    </header>
  );
}
