import type { ResourceDetail } from '@kit/contract';
import { RESOURCE_TYPES } from '@kit/contract/values';
import type { LoaderFunctionArgs } from 'react-router';
import { getResource } from '../../api/resource-read.ts';
import { resourceWithCopy } from '../../offline/page-copy.ts';
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
    // With the kit out of reach, the library as this phone last read it: a saved article still opens (use-offline-article.ts).
    resource = await resourceWithCopy(id, () => getResource(id, request.signal));
  } catch (error) {
    throw asRouteError(error);
  }
  if (resource.type !== RESOURCE_TYPES.LIBRARY) throw notFound();
  return { resource, encodedPath: encodedArticlePathOf(new URL(request.url).pathname) };
}

