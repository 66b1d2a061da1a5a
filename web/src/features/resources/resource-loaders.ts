import type { Playlist, ResourceDetail } from '@kit/contract';
import { replace, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { getPlaylist, getRandomResource, getResource } from '../../api/library.ts';
import { resourceWithCopy } from '../../offline/page-copy.ts';
import { loadLibraryContext, type LibraryContext } from '../library/library-context.ts';
import { asRouteError, idParam } from '../library/loader-errors.ts';

export interface ResourceData {
  context: LibraryContext;
  resource: ResourceDetail;
}

/**
 * /resource/{id}: one resource of any type (the server counts the view).
 * `early` is the same request already under way (resource-early.ts).
 */
export async function resourceLoader({ params, request }: LoaderFunctionArgs, early?: Promise<ResourceDetail>): Promise<ResourceData> {
  const id = idParam(params.id);
  try {
    const [context, resource] = await Promise.all([loadLibraryContext(), resourceWithCopy(id, () => early ?? getResource(id, request.signal))]);
    return { context, resource };
  } catch (error) {
    throw asRouteError(error);
  }
}

/** /resource/random: asks for a random resource and replaces itself with its page (no history entry). */
export async function randomResourceLoader({ request }: LoaderFunctionArgs): Promise<Response | { empty: true }> {
  let id: number;
  try {
    id = (await getRandomResource(request.signal)).id;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'LIBRARY_EMPTY') return { empty: true };
    throw error;
  }
  return replace(`/resource/${id}`);
}

export interface ListData {
  context: LibraryContext;
  playlist: Playlist;
}

/** /list/{id}: a playlist and its items. */
export async function listLoader({ params, request }: LoaderFunctionArgs): Promise<ListData> {
  const id = idParam(params.id);
  try {
    const [context, playlist] = await Promise.all([loadLibraryContext(), getPlaylist(id, request.signal)]);
    return { context, playlist };
  } catch (error) {
    throw asRouteError(error);
  }
}
