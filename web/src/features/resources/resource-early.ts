import type { ResourceDetail } from '@kit/contract';
import { RESOURCE_TYPES } from '@kit/contract/values';
import type { LoaderFunctionArgs } from 'react-router';
import { preload } from 'react-dom';
import { getResource } from '../../api/resource-read.ts';
import { takeFirstRead } from './first-read.ts';
import { idParam } from '../library/loader-errors.ts';
import { posterOf, shownPicture } from '../../api/phone-copy.ts';
import type { ResourceData } from './resource-loaders.ts';

/*
 * /resource/{id}'s loader, in a small chunk of its own that the router fetches
 * beside the page's chunk (app/routes/library-routes.ts). On a slow phone the kit's answer, and so the cover
 * (the page's largest paint), used to wait for all of that chunk's code,
 * the phone's store included (docs/PERFORMANCE.md "Resource page on a phone").
 */

/** The picture ResourceMedia shows first: an image's display copy (or file), a video's poster, else the cover; a PDF shows its reader instead. */
export function leadPicture(resource: ResourceDetail): string | null {
  if (resource.type === RESOURCE_TYPES.IMAGE) return shownPicture(resource);
  if (resource.type === RESOURCE_TYPES.VIDEO) return posterOf(resource);
  if (resource.type === RESOURCE_TYPES.DOCUMENT && resource.mediaUrl && resource.mime === 'application/pdf') return null;
  return resource.coverUrl;
}

/**
 * Asks for the resource at once and, as soon as the answer names it, has the
 * browser fetch its lead picture at high priority, before the page renders.
 * resourceLoader (in the page's chunk) does the rest: the library context, the
 * phone's copy when the kit cannot be reached, the 404.
 */
export async function resourceRouteLoader(args: LoaderFunctionArgs): Promise<ResourceData> {
  const read = startRead(args);
  const { resourceLoader } = await import('./resource-loaders.ts');
  return resourceLoader(args, read);
}

function startRead({ params, request }: LoaderFunctionArgs): Promise<ResourceDetail> | undefined {
  let id: number;
  try {
    id = idParam(params.id);
  } catch {
    return undefined; // resourceLoader answers the 404
  }
  const read = takeFirstRead(id) ?? getResource(id, request.signal);
  preloadLeadPicture(read);
  return read;
}

/** As soon as `read` answers, has the browser fetch the resource's lead picture at high priority, before the page renders. */
export function preloadLeadPicture(read: Promise<ResourceDetail>): void {
  read.then(
    (resource) => {
      const src = leadPicture(resource);
      // react-dom asks once per address, however often this runs
      if (src) preload(src, { as: 'image', fetchPriority: 'high' });
    },
    // resourceLoader handles the failure; here the picture is only not preloaded.
    () => undefined,
  );
}
