import type { ResourceSummary } from '@kit/contract';
import { Link } from 'react-router';
import { esLibrary } from '../../i18n/es-library.ts';
import { fill } from '../../ui/fill.ts';
import { Icon } from '../../ui/Icon.tsx';
import { usePrefetch } from '../../ui/prefetch.ts';
import { ResourceCover } from './ResourceCover.tsx';
import { ReviewNotice } from './ReviewNotice.tsx';
import { TypeBadge } from './TypeBadge.tsx';

export function viewsLabel(views: number): string {
  return views === 1 ? esLibrary.grid.oneView : fill(esLibrary.grid.views, { n: views });
}

/** One resource in a grid: picture, type, title, author, views, and to its owner its status. The whole card is the link. */
export function ResourceCard({ resource, eager = false }: { resource: ResourceSummary; eager?: boolean }) {
  const prefetch = usePrefetch(`/resource/${resource.id}`);
  return (
    <Link to={`/resource/${resource.id}`} className="surface resource-card" data-testid={`resource-${resource.id}`} {...prefetch}>
      <span className="resource-card__cover">
        <ResourceCover resource={resource} eager={eager} />
      </span>
      <span className="resource-card__body">
        <TypeBadge type={resource.type} />
        <span className="resource-card__title">{resource.title}</span>
        {resource.author !== '' && <span className="resource-card__author">{resource.author}</span>}
        <span className="resource-card__views">
          <Icon name="eye" size={14} />
          {viewsLabel(resource.views)}
        </span>
        <ReviewNotice resource={resource} compact />
      </span>
    </Link>
  );
}

/** A grid of resource cards (two columns on a 360px phone). */
export function ResourceGrid({
  resources,
  label = esLibrary.grid.label,
  empty = esLibrary.grid.empty,
}: {
  resources: readonly ResourceSummary[];
  label?: string;
  /** what to say when there is nothing to show */
  empty?: string;
}) {
  if (resources.length === 0) return <p className="library-empty">{empty}</p>;
  return (
    <ul className="resource-grid" aria-label={label}>
      {resources.map((resource, index) => (
        <li key={resource.id}>
          <ResourceCard resource={resource} eager={index < 4} />
        </li>
      ))}
    </ul>
  );
}
