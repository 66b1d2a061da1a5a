import type { ResourcePage } from '@kit/contract';
import type { ReactNode } from 'react';
import { Pagination } from '../../ui/Pagination.tsx';
import { ResourceGrid } from './ResourceCard.tsx';
import type { TypeCode } from './resource-types.ts';
import { TypeFilter } from './TypeFilter.tsx';

interface ResourceListViewProps {
  title: string;
  /** above the title, e.g. the category path */
  before?: ReactNode;
  /** between the filter and the grid, e.g. a note on the results */
  note?: ReactNode;
  page: ResourcePage;
  type: TypeCode;
  typeHref: (type: TypeCode) => string;
  pageHref: (page: number) => string;
  /** the empty-state message, when the page has its own */
  empty?: string;
}

/** A page of resources: title, type filter, grid, pagination. */
export function ResourceListView({ title, before, note, page, type, typeHref, pageHref, empty }: ResourceListViewProps) {
  return (
    <section className="resource-list">
      {before}
      <h1 className="page-title">{title}</h1>
      <TypeFilter current={type} hrefFor={typeHref} />
      {note}
      <ResourceGrid resources={page.data} label={title} empty={empty} />
      <Pagination page={page.current_page} lastPage={page.last_page} hrefFor={pageHref} />
    </section>
  );
}
