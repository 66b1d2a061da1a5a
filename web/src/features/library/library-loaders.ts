import type { CategoryFields, ResourcePage } from '@kit/contract';
import { typeQuery } from './resource-types.ts';
import { replace, type LoaderFunctionArgs } from 'react-router';
import { getCategoryBranch, getContentAll } from '../../api/library.ts';
import { searchResources } from '../../api/search.ts';
import { pageWithCopy, valueWithCopy } from '../../offline/page-copy.ts';
import { loadLibraryContext, requireProduct, type LibraryContext } from './library-context.ts';
import { readListFilters, type ListFilters } from './list-params.ts';
import { asRouteError, idParam } from './loader-errors.ts';
import { getSession } from '../../session/session-store.ts';
import { loginWithCb } from '../../session/guards.ts';

export interface LibraryHomeData {
  context: LibraryContext;
  filters: ListFilters;
  page: ResourcePage;
  /** the chosen category and its ancestors, top level first; [] without ?c */
  branch: CategoryFields[];
  /** the page is the copy kept on the phone (no network) */
  offline: boolean;
}

/** /{product}?c=&type=&page= : the library's resources, filtered by category (descendants too) and type. */
export async function libraryHomeLoader({ params, request }: LoaderFunctionArgs): Promise<LibraryHomeData> {
  const context = await requireProduct(params.product);
  const filters = readListFilters(new URL(request.url).searchParams);
  try {
    const query = { page: filters.page, type: typeQuery(filters.type), category: filters.category ?? undefined };
    const category = filters.category;
    const [{ page, offline }, branch] = await Promise.all([
      pageWithCopy(`content:${JSON.stringify(query)}`, filters.page, () => getContentAll(query, request.signal), (copy) => copy),
      category === null ? Promise.resolve([]) : valueWithCopy(`branch:${category}`, () => getCategoryBranch(category, request.signal)),
    ]);
    return { context, filters, page, branch, offline };
  } catch (error) {
    throw asRouteError(error);
  }
}

export interface FeaturedData {
  context: LibraryContext;
  filters: ListFilters;
  page: ResourcePage;
  offline: boolean;
}

/** /featured?type=&page= : Más vistos, the library ordered by views. */
export async function featuredLoader({ request }: LoaderFunctionArgs): Promise<FeaturedData> {
  const filters = readListFilters(new URL(request.url).searchParams);
  const query = { section: 'featured', page: filters.page, type: typeQuery(filters.type) };
  const [context, { page, offline }] = await Promise.all([
    loadLibraryContext(),
    pageWithCopy(`featured:${JSON.stringify(query)}`, filters.page, () => searchResources(query, request.signal), (copy) => ({ ...copy, capped: false })),
  ]);
  return { context, filters, page, offline };
}

export interface UserResourcesData {
  userId: number;
  /** from the user's resources (each names its owner); null when there are none to name them */
  userName: string | null;
  filters: ListFilters;
  /** null when the list could not be read (docs/PRODUCT.md#failure-messages message) */
  page: ResourcePage | null;
}

/** /user/{id}/resources : what a user uploaded (published ones, or all of them for the user and admins). */
export async function userResourcesLoader({ params, request }: LoaderFunctionArgs): Promise<UserResourcesData> {
  const userId = idParam(params.id);
  const filters = readListFilters(new URL(request.url).searchParams);
  const page = await searchResources(
    { section: 'user', user: userId, page: filters.page, type: typeQuery(filters.type) },
    request.signal,
  ).catch(() => null);
  const userName = page?.data.find((r) => r.user?.id === userId)?.user?.user_name ?? null;
  return { userId, userName, filters, page };
}

/*
 * The routes with an optional id, opened without it (docs/ROUTES.md). Each
 * replaces itself, so the phone's "back" never returns to an address that
 * only forwards.
 */

/** /resource: the library's home. */
export async function resourceIndexLoader(): Promise<Response> {
  return replace(`/${(await loadLibraryContext()).productSlug}`);
}

/** /user/resources: the visitor's own resources (the route's guard sent anonymous visitors to log in first). */
export function ownResourcesLoader({ request }: LoaderFunctionArgs): Response {
  const url = new URL(request.url);
  const { userId } = getSession();
  return replace(userId === null ? loginWithCb(`${url.pathname}${url.search}`) : `/user/${userId}/resources${url.search}`);
}
