import type { Playlist, ResourceDetail } from '@kit/contract';
import { redirect, replace, type LoaderFunctionArgs } from 'react-router';
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

/**
 * /resource/random: asks for a random resource and goes on to its page, leaving no history entry of its own,
 * so Back returns to where the visitor was (docs/ROUTES.md). Reached from another page (the «Al Azar» button),
 * the address bar still shows that page, and a `replace` would overwrite it: the resource is pushed after it.
 * Opened directly, /resource/random is the current entry and is replaced.
 */
export async function randomResourceLoader({ request }: LoaderFunctionArgs): Promise<Response | { empty: true }> {
  let id: number;
  try {
    id = (await getRandomResource(request.signal)).id;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'LIBRARY_EMPTY') return { empty: true };
    throw error;
  }
  const target = `/resource/${id}`;
  const openedDirectly = new URL(request.url).pathname === window.location.pathname;
  return openedDirectly ? replace(target) : redirect(target);
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
