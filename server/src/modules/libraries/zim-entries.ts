import { RESOURCE_TYPES } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { visibleResource } from '../../catalog/resource-lookup.ts';
import type { Viewer } from '../../access/viewer.ts';
import { ZimError } from '../../zim/errors.ts';
import type { ZimFile, ZimItem } from '../../zim/zim-file.ts';
import { findLibrary } from './libraries.repo.ts';
import { zimRefusal } from './libraries.service.ts';

/** The file behind a library a viewer may read: visible, a «Biblioteca», its row there, its check not failed. */
export function readableLibrary(db: Db, resourceId: number, viewer: Viewer | null): { sha256: string } {
  const resource = visibleResource(db, resourceId, viewer);
  if (resource.type_code !== RESOURCE_TYPES.LIBRARY) throw new AppError('RESOURCE_NOT_FOUND');
  const row = findLibrary(db, resourceId);
  // A row for an older file than the resource's (a replacement being recorded) is not this file's.
  if (!row || row.media_sha256 !== resource.media_sha256) throw new AppError('RESOURCE_NOT_FOUND');
  if (row.check_state === 'failed') throw new AppError('LIBRARY_CHECK_FAILED');
  return { sha256: row.media_sha256 };
}

/**
 * A URL path under /zim/{id}/ as the content path it names: percent-decoded
 * once. "..", NUL and anything else odd simply name no entry: the path is
 * looked up in the file's own index, never on a disk. (The router already
 * refuses escapes that are not UTF-8; the catch keeps that a 404 here too.)
 */
export function contentPathOf(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    throw new AppError('ZIM_ENTRY_NOT_FOUND');
  }
}

/** A content path as a URL path under /zim/{id}/: each segment encoded, the slashes kept for relative links. */
export const encodeContentPath = (contentPath: string): string => contentPath.split('/').map(encodeURIComponent).join('/');

/** What a path under /zim/{id}/ answers: an item's bytes, or the path a redirect (or the main page) leads to. */
export type ZimAnswer = { kind: 'item'; item: ZimItem } | { kind: 'redirect'; to: string };

/** A reader's refusal while serving (a damaged file): the catalog's code, never a 500; other failures pass as they are. */
export function served<T>(work: Promise<T>): Promise<T> {
  return work.catch((error: unknown) => {
    throw error instanceof ZimError ? zimRefusal(error) : error;
  });
}

/**
 * The entry at a content path ('' is the library's front door, the main
 * page). A redirect, however many hops, answers where it ends, so the
 * browser's address and the frame's relative links are the target's.
 */
export async function answerFor(zim: ZimFile, contentPath: string): Promise<ZimAnswer> {
  if (contentPath === '') {
    const main = await served(zim.mainPage());
    if (!main?.contentPath) throw new AppError('ZIM_ENTRY_NOT_FOUND');
    return { kind: 'redirect', to: main.contentPath };
  }
  const entry = await served(zim.findContent(contentPath));
  if (!entry) throw new AppError('ZIM_ENTRY_NOT_FOUND');
  const item = await served(zim.resolve(entry));
  if (!item?.contentPath) throw new AppError('ZIM_ENTRY_NOT_FOUND');
  return entry.kind === 'item' ? { kind: 'item', item } : { kind: 'redirect', to: item.contentPath };
}

const MIME = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/i;

/**
 * The Content-Type an item is sent with: its MIME type from the file, UTF-8
 * for text (the format's encoding), or a neutral type when the file's string
 * is not a MIME type (a header must never carry someone else's odd bytes).
 */
export function contentTypeOf(mimeType: string): string {
  const [type = '', ...params] = mimeType.split(';').map((part) => part.trim());
  if (!MIME.test(type)) return 'application/octet-stream';
  const charset = params.find((param) => /^charset=[\w.-]+$/i.test(param));
  if (charset) return `${type}; ${charset}`;
  return /^text\//i.test(type) || /javascript|json|xml/i.test(type) ? `${type}; charset=utf-8` : type;
}
