import { Link } from 'react-router';
import { esLibrary } from '../i18n/es-library.ts';
import { fill } from './fill.ts';
import { Icon } from './Icon.tsx';

interface PaginationProps {
  page: number;
  lastPage: number;
  /** the address of a page */
  hrefFor: (page: number) => string;
}

/** Previous / next links and "Página X de Y"; nothing when there is one page. */
export function Pagination({ page, lastPage, hrefFor }: PaginationProps) {
  if (lastPage <= 1) return null;
  return (
    <nav className="pagination" aria-label={esLibrary.pagination.label}>
      {page > 1 ? (
        <Link className="button button--light" to={hrefFor(Math.min(page - 1, lastPage))} rel="prev">
          <Icon name="prev" size={18} />
          {esLibrary.pagination.previous}
        </Link>
      ) : (
        <span className="pagination__spacer" />
      )}
      <span className="pagination__status" aria-current="page">
        {fill(esLibrary.pagination.status, { page, pages: lastPage })}
      </span>
      {page < lastPage ? (
        <Link className="button button--light" to={hrefFor(page + 1)} rel="next">
          {esLibrary.pagination.next}
          <Icon name="next" size={18} />
        </Link>
      ) : (
        <span className="pagination__spacer" />
      )}
    </nav>
  );
}
