import type { ResourceSummary } from '@kit/contract';
import { Link } from 'react-router';
import { esLibrary } from '../../i18n/es-library.ts';
import { usePrefetch } from '../library/prefetch.ts';
import { ResourceCover } from '../library/ResourceCover.tsx';
import { routeChunks } from '../library/route-chunks.ts';
import { TypeBadge } from '../library/TypeBadge.tsx';
import './resource.css';

/** A list's items in order, each linking to its resource. */
export function PlaylistItems({ items, title = esLibrary.resource.listItems }: { items: readonly ResourceSummary[]; title?: string }) {
  const prefetch = usePrefetch(routeChunks.resource);
  return (
    <section className="playlist">
      <h2>{title}</h2>
      {items.length === 0 ? (
        <p className="library-empty">{esLibrary.resource.listEmpty}</p>
      ) : (
        <ol className="playlist__items">
          {items.map((item) => (
            <li key={item.id}>
              <Link to={`/resource/${item.id}`} className="playlist__item" {...prefetch}>
                <span className="playlist__cover">
                  <ResourceCover resource={item} />
                </span>
                <span className="playlist__text">
                  <span className="playlist__title">{item.title}</span>
                  <TypeBadge type={item.type} />
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
