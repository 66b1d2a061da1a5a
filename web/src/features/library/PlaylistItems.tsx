import type { ResourceSummary } from '@kit/contract';
import { Link } from 'react-router';
import { esLibrary } from '../../i18n/es-library.ts';
import { usePrefetch } from '../../ui/prefetch.ts';
import { ResourceCover } from './ResourceCover.tsx';
import { ReviewNotice } from './ReviewNotice.tsx';
import { TypeBadge } from './TypeBadge.tsx';
import './playlist.css';

export interface PlaylistItemsProps {
  items: readonly ResourceSummary[];
  title?: string;
  /** the list's owner may take items out: the button's label and action */
  remove?: { label: (item: ResourceSummary) => string; text: string; onRemove: (item: ResourceSummary) => void };
}

/** A list's items in order, each linking to its resource. */
export function PlaylistItems({ items, title = esLibrary.resource.listItems, remove }: PlaylistItemsProps) {
  // Every item opens in the same chunk: the first item's address stands for them all.
  const prefetch = usePrefetch(items[0] && `/resource/${items[0].id}`);
  return (
    <section className="playlist">
      <h2>{title}</h2>
      {items.length === 0 ? (
        <p className="library-empty">{esLibrary.resource.listEmpty}</p>
      ) : (
        <ol className="playlist__items">
          {items.map((item) => (
            <li key={item.id}>
              <Link to={`/resource/${item.id}`} className="surface playlist__item" {...prefetch}>
                <span className="playlist__cover">
                  <ResourceCover resource={item} />
                </span>
                <span className="playlist__text">
                  <span className="playlist__title">{item.title}</span>
                  <TypeBadge type={item.type} />
                  <ReviewNotice resource={item} compact />
                </span>
              </Link>
              {remove && (
                <button type="button" className="button button--light playlist__remove" aria-label={remove.label(item)} onClick={() => remove.onRemove(item)}>
                  {remove.text}
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
