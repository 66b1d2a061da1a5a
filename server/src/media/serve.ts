import fs from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { attachmentDisposition } from './disposition.ts';
import { isInline } from './file-type.ts';
import { parseRange } from '@kit/contract/byte-range';
import { mediaPath } from './store.ts';

export interface ServableMedia {
  sha256: string;
  ext: string;
  mime: string;
}

export interface SendMediaOptions {
  /** Cache-Control for this address */
  cacheControl: string;
  /** the name the file is saved under when it leaves as an attachment */
  fileName: string;
  /** asked as a download: an attachment whatever its type */
  download: boolean;
  /** called once the bytes of a download start going out (not for HEAD, 304, 416, or a range after the first byte) */
  onDownload?: () => void;
}

/**
 * What every file answer carries: the browser takes the type we send and
 * never guesses another (nosniff), and the file, even opened on its own as a
 * page, runs no script in the kit's origin (sandbox without allow-scripts).
 * allow-same-origin is there because a browser plays an audio or video file
 * opened on its own by fetching it again from the page's origin, which a
 * bare sandbox makes opaque; without scripts that origin can do nothing.
 * Nothing else may load; inline styles are the browser's own viewer page.
 */
export const FILE_CSP = "sandbox allow-same-origin; default-src 'none'; media-src 'self'; style-src 'unsafe-inline'";

export function fileAnswerHeaders(reply: FastifyReply): FastifyReply {
  return reply.header('X-Content-Type-Options', 'nosniff').header('Content-Security-Policy', FILE_CSP);
}

/**
 * The Content-Type a stored type is sent with: itself when browsers only show
 * or play it (media/file-type.ts isInline), else a neutral one, always as an
 * attachment. A row typed by a claim before the kit typed files by their bytes
 * (media/retype.ts) cannot come back as a page either.
 */
export const servedType = (mime: string): { contentType: string; inline: boolean } =>
  isInline(mime) ? { contentType: mime, inline: true } : { contentType: 'application/octet-stream', inline: false };

/** Content-addressed cache: a URL that names the bytes' hash never changes meaning. */
export const IMMUTABLE_PUBLIC = 'public, max-age=31536000, immutable';
export const IMMUTABLE_PRIVATE = 'private, max-age=31536000, immutable';

/** If-None-Match lists (weak or strong) naming this ETag, or "*". */
export function matchesEtag(header: string, etag: string): boolean {
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/**
 * Bytes read from disk per chunk of a file answer. Node's 64 KiB default
 * makes a 100 MB video 1600 reads, each a fresh buffer: the per-chunk work
 * and the old-space collections those buffers trigger took most of the
 * server's time per byte. 512 KiB cuts that by a third for whole files and
 * by more than half for 1 MiB ranges (docs/PERFORMANCE.md); a
 * stream holds about two chunks at once (one read, one in the socket), so
 * twenty phones playing videos hold about 20 MB. Smaller ranges and files
 * read only their own length.
 */
const READ_CHUNK = 512 * 1024;

/** Whole seconds: HTTP dates carry no milliseconds. */
const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/**
 * Sends a stored file the way phones need it: byte ranges for seeking
 * (206 + Content-Range, 416 + "bytes *\/size" when a range cannot be served),
 * ETag (the sha256) and Last-Modified for revalidation (304), the file
 * answer headers, the stored type when it is one browsers only show
 * (servedType), and an attachment name when asked or when it is not. The
 * file is streamed from disk, never read into memory; HEAD sends the headers
 * alone.
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

  void fileAnswerHeaders(reply)
    .header('ETag', etag)
    .header('Last-Modified', lastModified)
    .header('Cache-Control', options.cacheControl)
    .header('Accept-Ranges', 'bytes');

  const ifNoneMatch = request.headers['if-none-match'];
  const ifModifiedSince = request.headers['if-modified-since'];
  const notModified =
    ifNoneMatch !== undefined
      ? matchesEtag(ifNoneMatch, etag)
      : ifModifiedSince !== undefined && !Number.isNaN(Date.parse(ifModifiedSince)) && seconds(stat.mtime) <= Date.parse(ifModifiedSince) / 1000;
  if (notModified) return reply.code(304).send();

  const served = servedType(media.mime);
  void reply.header('Content-Type', served.contentType);
  if (options.download || !served.inline) void reply.header('Content-Disposition', attachmentDisposition(options.fileName));

  const { start, end } = answerRange(request, reply, size, [etag, lastModified]);

  if (request.method === 'HEAD') return reply.send();
  if (start === 0) options.onDownload?.();
  if (size === 0) return reply.send('');
  return reply.send(fs.createReadStream(file, { start, end, highWaterMark: READ_CHUNK }));
}

/**
 * The bytes a request asks for out of `size`, with the status (200 or 206)
 * and length headers set. If-Range keeps the range only while it names one of
 * `validators` (the same bytes); otherwise the whole file. An impossible range
 * is a 416 that nothing may cache as if it were the file.
 */
export function answerRange(request: FastifyRequest, reply: FastifyReply, size: number, validators: readonly string[]): { start: number; end: number } {
  const ifRange = request.headers['if-range'];
  const rangeAllowed = typeof ifRange !== 'string' || validators.includes(ifRange.trim());
  const range = rangeAllowed ? parseRange(request.headers.range, size) : { kind: 'none' as const };
  if (range.kind === 'unsatisfiable') {
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
  return { start, end };
}
