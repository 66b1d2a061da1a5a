import type { ResourceDetail, ResourcePage } from '@kit/contract';
import { ApiError, NETWORK_ERROR } from '../api/client.ts';
import type * as Catalogue from './catalogue.ts';

/*
 * The library's loaders read through these: the network's answer is stored in
 * Dexie, and read back from there when the kit cannot be reached. Dexie loads
 * beside the kit's answer, not before it: a page the kit answers does not
 * wait for the phone's store (docs/PERFORMANCE.md "The resource page and /menu on a phone").
 */

const catalogue = () => import('./catalogue.ts');

/** A write of the phone's copy, in the background: failing (the store, or its code, out of reach) only means no copy. */
function keep(write: (store: typeof Catalogue) => Promise<unknown>): void {
  catalogue().then(write).catch(() => undefined);
}

export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.code === NETWORK_ERROR;
}

/** `read()`, kept under `key`; offline, the kept value (the network error when there is none). */
export async function valueWithCopy<T>(key: string, read: () => Promise<T>): Promise<T> {
  try {
    const value = await read();
    keep((store) => store.rememberValue(key, value));
    return value;
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    const copy = await catalogue().then((store) => store.readValue<T>(key)).catch(() => null);
    if (copy === null) throw error;
    return copy;
  }
}

export interface PageWithCopy<P> {
  page: P;
  /** true when the page came from the phone, not the kit */
  offline: boolean;
}

/** A list page, kept under `key`; offline, the copy (the network error when there is none). */
export async function pageWithCopy<P extends ResourcePage>(
  key: string,
  currentPage: number,
  read: () => Promise<P>,
  complete: (page: ResourcePage) => P,
): Promise<PageWithCopy<P>> {
  try {
    const page = await read();
    keep((store) => store.rememberPage(key, page));
    return { page, offline: false };
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    const copy = await catalogue().then((store) => store.readPage(key, currentPage)).catch(() => null);
    if (!copy) throw error;
    return { page: complete(copy), offline: true };
  }
}

/** A resource page's data, kept; offline, the copy (and a saved item counts as used). */
export async function resourceWithCopy(id: number, read: () => Promise<ResourceDetail>): Promise<ResourceDetail> {
  try {
    const resource = await read();
    keep((store) => store.rememberResource(resource));
    return resource;
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    const copy = await catalogue().then((store) => store.readResource(id)).catch(() => null);
    if (!copy) throw error;
    // a saved item counts as used
    import('./saved-media.ts').then(({ touchSaved }) => touchSaved(id)).catch(() => undefined);
    return copy;
  }
}
