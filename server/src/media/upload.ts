import type { Readable } from 'node:stream';
import { RESOURCE_TYPES } from '@kit/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { Type } from 'typebox';
import { ensureDiskSpaceForBody } from '../disk-space.ts';
import { AppError } from '../errors.ts';
import type { FileType } from './file-type.ts';
import { storeEncodedPicture, storeTyped, type Typed } from './ingest.ts';
import { insertMedia } from './media.repo.ts';
import { displayCopy, pictureRefusal } from './pictures.ts';
import { sniff, SNIFF_BYTES } from './sniff.ts';
import { TooLargeError } from './store.ts';

/** What an upload endpoint accepts: a size limit, and the types of file, as their bytes say (media/file-type.ts). */
export interface UploadRule {
  maxBytes: number;
  accept: (type: FileType) => boolean;
  /** the refusal when accept says no */
  refusal: 'UPLOAD_NOT_IMAGE' | 'PACKAGE_NOT_ALLOWED';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route reads a multipart body with a `file` field (FILE_ROUTE) */
    multipart?: boolean;
  }
}

/** How the OpenAPI document describes a file route's body: one field, `file`. */
const FileBodySchema = Type.Object({ file: Type.String({ format: 'binary' }) });

/**
 * The `config` of every route that reads a file. It puts the multipart body
 * in the OpenAPI document (clients see the `file` field; the hardening suite
 * finds every file route there and fuzzes its multipart parsing), and
 * readFilePart refuses to run on a route without it, so no file route can be
 * left out of either.
 */
export const FILE_ROUTE = {
  multipart: true,
  swaggerTransform: ({ schema, url }: { schema: RouteOptions['schema']; url: string }) => ({
    schema: { ...schema, consumes: ['multipart/form-data'], body: FileBodySchema },
    url,
  }),
} as const;

/**
 * Lets a feature's routes read multipart bodies (one file), with its own
 * limits: registered inside the feature's plugin, so other features keep theirs.
 */
export async function allowMultipart(app: FastifyInstance): Promise<void> {
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(fastifyMultipart, { limits: { files: 1, fields: 0, parts: 1, fieldSize: 1024 } });
  }
}

/** A file part's bytes as the multipart parser gives them (`truncated` once they passed the size limit). */
export type FileStream = Readable & { truncated?: boolean };

/**
 * Whether a consumer's failure is the client's body breaking (cut off, or its
 * multipart framing broken) rather than the kit. The parser reports a cut in
 * more than one way: it destroys the file stream with one error and emits
 * another on it ("Part terminated early"), so every error the stream raised
 * counts, except a system call of the kit's own (the disk) that a pipeline
 * handed back to it.
 */
const bodyBroke = (error: unknown, raised: ReadonlySet<unknown>): boolean => {
  const { code, syscall } = (error ?? {}) as { code?: string; syscall?: string };
  if (code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'FST_MP_PREMATURE_CLOSE') return true;
  return raised.has(error) && syscall === undefined;
};

/**
 * Reads the one multipart field every file route takes, `file`, with
 * `consume`. A body that is cut off or breaks the multipart framing is the
 * client's fault, a 400 and never a 500: before the file starts
 * UPLOAD_MALFORMED, while it streams UPLOAD_TRUNCATED. The parser's size
 * limit (FST_REQ_FILE_TOO_LARGE) and `consume`'s own failures (a refusal,
 * the disk) pass unchanged. Every such body is bytes for the data disk:
 * refused first (507 DISK_FULL) when they would not fit.
 */
export async function readFilePart<T>(request: FastifyRequest, fileSize: number, consume: (file: FileStream, fileName: string) => Promise<T>): Promise<T> {
  if (request.routeOptions.config.multipart !== true) throw new Error(`${request.routeOptions.url ?? request.url}: a route that reads a file needs config FILE_ROUTE`);
  ensureDiskSpaceForBody(request);
  const part = await request.file({ limits: { files: 1, fileSize } }).catch((error: unknown) => {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_MP_PREMATURE_CLOSE') throw new AppError('UPLOAD_TRUNCATED', { field: 'file' });
    // The parser's limits (413) and a body that is not multipart (415) have their own codes.
    if ((error as { statusCode?: number }).statusCode !== undefined) throw error;
    throw new AppError('UPLOAD_MALFORMED', { field: 'file', reason: (error as Error).message });
  });
  if (!part) throw new AppError('UPLOAD_MISSING', { field: 'file' });
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw new AppError('UPLOAD_MISSING', { field: 'file' });
  }
  const raised = new Set<unknown>();
  part.file.on('error', (error) => raised.add(error));
  try {
    return await consume(part.file, part.filename);
  } catch (error) {
    raised.add(part.file.errored);
    if (!(error instanceof AppError) && (error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE' && bodyBroke(error, raised)) {
      throw new AppError('UPLOAD_TRUNCATED', { field: 'file' });
    }
    throw error;
  }
}

/**
 * The multipart field `file` of a small picture, read into memory through
 * readFilePart (so a cut body is a 400 like on every file route), refused
 * with `tooLarge` once it passes `maxBytes`: the parser stops at maxBytes + 1,
 * so memory stays bounded and the rest of an oversized body is discarded,
 * never buffered.
 */
export function readSmallFile(request: FastifyRequest, maxBytes: number, tooLarge: () => AppError): Promise<Buffer> {
  return readFilePart(request, maxBytes + 1, async (file) => {
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > maxBytes) throw tooLarge();
        chunks.push(chunk);
      }
    } catch (error) {
      file.resume();
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      throw error;
    }
    if (file.truncated) throw tooLarge();
    return Buffer.concat(chunks);
  });
}

/**
 * The multipart field `file` of a door that keeps a picture's display copy,
 * never its original (ads, banners): only a picture by its first bytes,
 * decoded within the pixel bound every picture door shares (media/pictures.ts),
 * stored as its display copy and recorded with its size.
 */
export async function receivePicture(request: FastifyRequest, maxBytes: number): Promise<Typed> {
  const bytes = await readSmallFile(request, maxBytes, () => new AppError('UPLOAD_TOO_LARGE', { field: 'file', maxBytes }));
  if (sniff(bytes.subarray(0, SNIFF_BYTES))?.typeCode !== RESOURCE_TYPES.IMAGE) throw new AppError('UPLOAD_NOT_IMAGE', { field: 'file' });
  const copy = await displayCopy(bytes).catch((error: unknown) => {
    throw pictureRefusal(error);
  });
  const { db, config } = request.server;
  const stored = await storeEncodedPicture(config.dataDir, copy.data);
  insertMedia(db, { ...stored, width: copy.width, height: copy.height });
  return stored;
}

/**
 * Streams the multipart field `file` into the content-addressed store
 * (hashed, size-limited, fsynced, renamed: media/store.ts) and records it.
 * The bytes decide what the file is; anything the rule does not take is refused.
 */
export function receiveUpload(request: FastifyRequest, rule: UploadRule): Promise<Typed> {
  return readFilePart(request, rule.maxBytes + 1, async (file) => {
    try {
      const typed = await storeTyped(
        request.server.config.dataDir,
        file,
        (type) => {
          if (!rule.accept(type)) throw new AppError(rule.refusal, { field: 'file' });
        },
        rule.maxBytes,
      );
      insertMedia(request.server.db, typed);
      return typed;
    } catch (error) {
      if (error instanceof TooLargeError || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('UPLOAD_TOO_LARGE', { field: 'file', maxBytes: rule.maxBytes });
      }
      throw error;
    }
  });
}
