import type { ResourceDetail } from '@kit/contract';
import { RESOURCE_TYPES } from '@kit/contract/values';
import type { LoaderFunctionArgs } from 'react-router';
import { getResource } from '../../api/resource-read.ts';
import { notFound } from '../library/library-context.ts';
import { asRouteError, idParam } from '../library/loader-errors.ts';
import { encodedArticlePathOf } from './reader-paths.ts';

export interface ReaderData {
  resource: ResourceDetail;
  /** the article asked for, percent-encoded as in the address ('' is the main page) */
  encodedPath: string;
}

/** /resource/{id}/read/{path}: the library (a «Biblioteca» the viewer may see, else the 404) and the article to open. */
export async function readerLoader({ params, request }: LoaderFunctionArgs): Promise<ReaderData> {
  const id = idParam(params.id);
  let resource: ResourceDetail;
  try {
    resource = await getResource(id, request.signal);
  } catch (error) {
    throw asRouteError(error);
  }
  if (resource.type !== RESOURCE_TYPES.LIBRARY) throw notFound();
  return { resource, encodedPath: encodedArticlePathOf(new URL(request.url).pathname) };
}

