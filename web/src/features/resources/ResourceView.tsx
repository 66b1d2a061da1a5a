import type { ResourceDetail } from '@kit/contract';
import { RESOURCE_TYPES } from '@kit/contract/values';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { esLibrary } from '../../i18n/es-library.ts';
import { SaveOffline } from './SaveOffline.tsx';
import { ReviewNotice } from '../library/ReviewNotice.tsx';
import { TypeBadge } from '../library/TypeBadge.tsx';
import { DownloadAction } from './DownloadAction.tsx';
import { PlaylistItems } from '../library/PlaylistItems.tsx';
import { LibraryFacts } from './LibraryFacts.tsx';
import { OpenLibraryAction } from '../libraries/OpenLibraryAction.tsx';
import { ResourceDetails } from './ResourceDetails.tsx';
import { RenditionNotice } from './RenditionNotice.tsx';
import { ResourceMedia } from './ResourceMedia.tsx';
import { useRenditions } from './use-renditions.ts';
import './resource.css';

// The user's actions and the comments come with the outbox and IndexedDB: a chunk of their own, after the resource shows.
const SocialActions = lazy(async () => ({ default: (await import('./SocialActions.tsx')).SocialActions }));
const CommentsSection = lazy(async () => ({ default: (await import('../comments/CommentsSection.tsx')).CommentsSection }));

/**
 * The resource page (docs/PRODUCT.md#resources), for every type: the media (the kit's light copy by
 * default), title, (to its owner and admins) its status and what to do next and
 * the light copy's progress, download, the user's actions, list items,
 * details, description and comments.
 */
export function ResourceView({ resource: loaded, productSlug }: { resource: ResourceDetail; productSlug: string }) {
  const [resource, setCopies] = useRenditions(loaded);
  return (
    <article className="resource-view" data-type={resource.type}>
      <ResourceMedia resource={resource} />
      <header className="resource-view__header">
        <TypeBadge type={resource.type} />
        <h1 className="page-title">{resource.title}</h1>
      </header>
      <ReviewNotice resource={resource} />
      <RenditionNotice resource={resource} onChange={setCopies} />
      {resource.type === RESOURCE_TYPES.LIBRARY && <OpenLibraryAction resourceId={resource.id} />}
      <DownloadAction resource={resource} />
      <Suspense fallback={null}>
        <SocialActions resource={resource} />
      </Suspense>
      <SaveOffline resource={resource} />
      {resource.type === RESOURCE_TYPES.LIST && resource.playlist && (
        <>
          <PlaylistItems items={resource.playlist.items} />
          <Link to={`/list/${resource.playlist.id}`} className="resource-view__list-link">
            {esLibrary.resource.openList}
          </Link>
        </>
      )}
      <ResourceDetails resource={resource} productSlug={productSlug} />
      {resource.type === RESOURCE_TYPES.LIBRARY && <LibraryFacts resourceId={resource.id} />}
      {resource.description.trim() !== '' && (
        <section className="resource-view__description">
          <h2>{esLibrary.resource.description}</h2>
          <p>{resource.description}</p>
        </section>
      )}
      <Suspense fallback={null}>
        <CommentsSection resource={resource} />
      </Suspense>
    </article>
  );
}
