import type { ResourceDetail } from '@kit/contract';
import { RESOURCE_TYPES } from '@kit/contract';
import { lazy, Suspense, useState } from 'react';
import { esLibrary } from '../../i18n/es-library.ts';
import { ResourceCover } from '../library/ResourceCover.tsx';

// pdf.js is big: it loads only when a PDF is shown.
const PdfReader = lazy(() => import('./PdfReader.tsx').then((module) => ({ default: module.PdfReader })));

/** What a resource shows above its details: a player, a reader, the picture, or its cover. */
export function ResourceMedia({ resource }: { resource: ResourceDetail }) {
  const { type, mediaUrl } = resource;
  if (type === RESOURCE_TYPES.VIDEO && mediaUrl) return <VideoPlayer resource={resource} src={mediaUrl} />;
  if (type === RESOURCE_TYPES.AUDIO && mediaUrl) return <AudioPlayer resource={resource} src={mediaUrl} />;
  if (type === RESOURCE_TYPES.IMAGE && mediaUrl) {
    return (
      <figure className="resource-media resource-media--image">
        <img src={mediaUrl} alt={resource.title} decoding="async" fetchPriority="high" />
      </figure>
    );
  }
  if (type === RESOURCE_TYPES.DOCUMENT && mediaUrl && resource.mime === 'application/pdf') {
    return (
      <div className="resource-media resource-media--document">
        <Suspense
          fallback={
            <p className="pdf-reader__status" role="status">
              {esLibrary.pdf.loading}
            </p>
          }
        >
          <PdfReader url={mediaUrl} title={resource.title} />
        </Suspense>
      </div>
    );
  }
  return (
    <div className="resource-media resource-media--cover">
      <ResourceCover resource={resource} eager />
      {type === RESOURCE_TYPES.DOCUMENT && resource.downloadUrl && <p className="resource-media__note">{esLibrary.resource.noPreview}</p>}
    </div>
  );
}

/** Seeking works: the server answers range requests (206). */
function VideoPlayer({ resource, src }: { resource: ResourceDetail; src: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="resource-media resource-media--video">
      <video controls preload="metadata" playsInline poster={resource.coverUrl ?? undefined} src={src} onError={() => setFailed(true)}>
        {esLibrary.resource.noPlayer}
      </video>
      {failed && (
        <p className="resource-media__note" role="alert">
          {esLibrary.resource.noPlayer}
        </p>
      )}
    </div>
  );
}

function AudioPlayer({ resource, src }: { resource: ResourceDetail; src: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="resource-media resource-media--audio">
      <ResourceCover resource={resource} eager />
      <audio controls preload="metadata" src={src} onError={() => setFailed(true)}>
        {esLibrary.resource.noPlayer}
      </audio>
      {failed && (
        <p className="resource-media__note" role="alert">
          {esLibrary.resource.noPlayer}
        </p>
      )}
    </div>
  );
}
