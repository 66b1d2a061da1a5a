import fs from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { attachmentDisposition } from './disposition.ts';
import { parseRange } from './range.ts';
import { mediaPath } from './store.ts';

export interface ServableMedia {
  sha256: string;
  ext: string;
  mime: string;
}

export interface SendMediaOptions {
  /** Cache-Control for this address */
  cacheControl: string;
  /** set: an attachment under this name */
  downloadName?: string;
  /** called once the bytes of a download start going out (not for HEAD, 304, 416, or a range after the first byte) */
  onDownload?: () => void;
}

/** Content-addressed cache: a URL that names the bytes' hash never changes meaning. */
export const IMMUTABLE_PUBLIC = 'public, max-age=31536000, immutable';
export const IMMUTABLE_PRIVATE = 'private, max-age=31536000, immutable';

/** If-None-Match lists (weak or strong) naming this ETag, or "*". */
function matchesEtag(header: string, etag: string): boolean {
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/** Whole seconds: HTTP dates carry no milliseconds. */
const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/**
 * Sends a stored file the way phones need it: byte ranges for seeking
 * (206 + Content-Range, 416 + "bytes *\/size" when a range cannot be served),
 * ETag (the sha256) and Last-Modified for revalidation (304), the stored
 * type with nosniff, and an attachment name when asked. The file is streamed
 * from disk, never read into memory; HEAD sends the headers alone.
 */
export async function sendMedia(request: FastifyRequest, reply: FastifyReply, media: ServableMedia, options: SendMediaOptions): Promise<FastifyReply> {
  const file = mediaPath(request.server.config.dataDir, media.sha256, media.ext);
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(file);
  } catch {
    request.log.warn({ sha256: media.sha256 }, 'media row without its file');
    throw new AppError('MEDIA_NOT_FOUND');
  }
  const size = stat.size;
  const etag = `"${media.sha256}"`;
  const lastModified = stat.mtime.toUTCString();

  void reply
    .header('ETag', etag)
    .header('Last-Modified', lastModified)
    .header('Cache-Control', options.cacheControl)
    .header('Accept-Ranges', 'bytes')
    .header('X-Content-Type-Options', 'nosniff');

  const ifNoneMatch = request.headers['if-none-match'];
  const ifModifiedSince = request.headers['if-modified-since'];
  const notModified =
    ifNoneMatch !== undefined
      ? matchesEtag(ifNoneMatch, etag)
      : ifModifiedSince !== undefined && !Number.isNaN(Date.parse(ifModifiedSince)) && seconds(stat.mtime) <= Date.parse(ifModifiedSince) / 1000;
  if (notModified) return reply.code(304).send();

  void reply.header('Content-Type', media.mime);
  if (options.downloadName !== undefined) void reply.header('Content-Disposition', attachmentDisposition(options.downloadName));

  // If-Range: the range holds only for the same bytes; otherwise the whole file.
  const ifRange = request.headers['if-range'];
  const rangeAllowed = typeof ifRange !== 'string' || ifRange.trim() === etag || ifRange.trim() === lastModified;
  const range = rangeAllowed ? parseRange(request.headers.range, size) : { kind: 'none' as const };

  if (range.kind === 'unsatisfiable') {
    // An error is not the file: nothing about it may be cached as if it were.
    void reply
      .header('Content-Range', `bytes */${size}`)
      .header('Cache-Control', 'no-store')
      .removeHeader('ETag')
      .removeHeader('Last-Modified')
      .removeHeader('Content-Disposition');
    throw new AppError('RANGE_NOT_SATISFIABLE', { size });
  }

  const start = range.kind === 'range' ? range.start : 0;
  const end = range.kind === 'range' ? range.end : size - 1;
  if (range.kind === 'range') void reply.code(206).header('Content-Range', `bytes ${start}-${end}/${size}`);
  void reply.header('Content-Length', String(size === 0 ? 0 : end - start + 1));

  if (request.method === 'HEAD') return reply.send();
  if (start === 0) options.onDownload?.();
  if (size === 0) return reply.send('');
  return reply.send(fs.createReadStream(file, { start, end }));
}
