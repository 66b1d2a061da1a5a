import type { ResourceDetail } from '@kit/contract';
import { Link } from 'react-router';
import { esLibrary } from '../../i18n/es-library.ts';
import { SaveOffline } from '../../offline/SaveOffline.tsx';
import { TYPE_LIST } from '../library/resource-types.ts';
import { TypeBadge } from '../library/TypeBadge.tsx';
import { DownloadAction } from './DownloadAction.tsx';
import { PlaylistItems } from './PlaylistItems.tsx';
import { ResourceDetails } from './ResourceDetails.tsx';
import { ResourceMedia } from './ResourceMedia.tsx';
import './resource.css';

/** SPEC §2 resource view, for every type: the media, title, download, list items, details and description. */
export function ResourceView({ resource, productSlug }: { resource: ResourceDetail; productSlug: string }) {
  return (
    <article className="resource-view" data-type={resource.type}>
      <ResourceMedia resource={resource} />
      <header className="resource-view__header">
        <TypeBadge type={resource.type} />
        <h1 className="page-title">{resource.title}</h1>
      </header>
      <DownloadAction resource={resource} />
      <SaveOffline resource={resource} />
      {resource.type === TYPE_LIST && resource.playlist && (
        <>
          <PlaylistItems items={resource.playlist.items} />
          <Link to={`/list/${resource.playlist.id}`} className="resource-view__list-link">
            {esLibrary.resource.openList}
          </Link>
        </>
      )}
      <ResourceDetails resource={resource} productSlug={productSlug} />
      {resource.description.trim() !== '' && (
        <section className="resource-view__description">
          <h2>{esLibrary.resource.description}</h2>
          <p>{resource.description}</p>
        </section>
      )}
    </article>
  );
}
