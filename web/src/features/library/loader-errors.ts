import { ApiError } from '../../api/client.ts';
import { notFound } from './library-context.ts';

/** Error codes that mean "this address shows nothing": the 404 page. */
const NOT_FOUND_CODES = new Set(['RESOURCE_NOT_FOUND', 'PLAYLIST_NOT_FOUND', 'CATEGORY_NOT_FOUND', 'NOT_FOUND', 'USER_NOT_FOUND', 'ROUTE_NOT_FOUND']);

/** Turns a "not found" ApiError into the route's 404; anything else is thrown as it is. */
export function asRouteError(error: unknown): unknown {
  if (error instanceof ApiError && NOT_FOUND_CODES.has(error.code)) return notFound();
  return error;
}

/** A positive integer id from a route parameter, or the 404. */
export function idParam(raw: string | undefined): number {
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) throw notFound();
  return Number(raw);
}
