import type { ResourceDetail, ResourcePage } from '@kit/contract';
import { inBackground, readPage, readResource, readValue, rememberPage, rememberResource, rememberValue } from './catalogue.ts';
import { ApiError, NETWORK_ERROR } from '../api/client.ts';
import { touchSaved } from './saved-media.ts';

/*
 * The library's loaders read through these: the network's answer is stored in
 * Dexie, and read back from there when the kit cannot be reached.
 */

export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.code === NETWORK_ERROR;
}

/** `read()`, kept under `key`; offline, the kept value (the network error when there is none). */
export async function valueWithCopy<T>(key: string, read: () => Promise<T>): Promise<T> {
  try {
    const value = await read();
    inBackground(rememberValue(key, value));
    return value;
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    const copy = await readValue<T>(key).catch(() => null);
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
    inBackground(rememberPage(key, page));
    return { page, offline: false };
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    const copy = await readPage(key, currentPage).catch(() => null);
    if (!copy) throw error;
    return { page: complete(copy), offline: true };
  }
}

/** A resource page's data, kept; offline, the copy (and a saved item counts as used). */
export async function resourceWithCopy(id: number, read: () => Promise<ResourceDetail>): Promise<ResourceDetail> {
  try {
    const resource = await read();
    inBackground(rememberResource(resource));
    return resource;
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    const copy = await readResource(id).catch(() => null);
    if (!copy) throw error;
    inBackground(touchSaved(id));
    return copy;
  }
}
