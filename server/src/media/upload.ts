import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ensureDiskSpaceForBody } from '../disk-space.ts';
import { AppError } from '../errors.ts';
import { insertMedia } from './media.repo.ts';
import { sniff, type Sniffed } from './sniff.ts';
import { storeStream, TooLargeError } from './store.ts';

/** What an upload endpoint accepts: a size limit, and the kinds of file by their first bytes. */
export interface UploadRule {
  maxBytes: number;
  /** the file's real kind from its first bytes (and, to tell zip from apk, its name), or null to refuse it */
  accept: (head: Buffer, fileName: string) => Pick<Sniffed, 'mime' | 'ext'> | null;
  /** the refusal when accept says no */
  refusal: 'UPLOAD_NOT_IMAGE' | 'PACKAGE_NOT_ALLOWED';
}

export interface Uploaded {
  sha256: string;
  ext: string;
  mime: string;
  size: number;
  /** the name the phone or computer gave the file (never used as a path) */
  clientName: string;
}

/** Pictures: JPEG, PNG, GIF, WebP, whatever the name or the client's claim says. */
export const acceptImage: UploadRule['accept'] = (head) => {
  const kind = sniff(head);
  return kind?.typeCode === 1 ? kind : null;
};

/**
 * Lets a feature's routes read multipart bodies (one file), with its own
 * limits: registered inside the feature's plugin, so other features keep theirs.
 */
export async function allowMultipart(app: FastifyInstance): Promise<void> {
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(fastifyMultipart, { limits: { files: 1, fields: 0, parts: 1, fieldSize: 1024 } });
  }
}

/**
 * The one multipart field every file route takes, `file`. A malformed body (no
 * boundary, cut headers) is the client's fault: a 400, never a 500. Every such
 * body is bytes for the data disk: refused first when they would not fit.
 */
export async function readFilePart(request: FastifyRequest, fileSize: number) {
  ensureDiskSpaceForBody(request);
  const part = await request.file({ limits: { files: 1, fileSize } }).catch((error: unknown) => {
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode !== undefined) throw error;
    throw new AppError('VALIDATION', { field: 'file', reason: (error as Error).message });
  });
  if (!part) throw new AppError('UPLOAD_MISSING', { field: 'file' });
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw new AppError('UPLOAD_MISSING', { field: 'file' });
  }
  return part;
}

/**
 * Streams the multipart field `file` into the content-addressed store
 * (hashed, size-limited, fsynced, renamed: media/store.ts) and records it.
 * The bytes decide what the file is; anything else is refused.
 */
export async function receiveUpload(request: FastifyRequest, rule: UploadRule): Promise<Uploaded> {
  const part = await readFilePart(request, rule.maxBytes + 1);
  let kind: Pick<Sniffed, 'mime' | 'ext'> | null = null;
  try {
    const stored = await storeStream(
      request.server.config.dataDir,
      part.file,
      (head) => {
        kind = rule.accept(head, part.filename);
        if (!kind) throw new AppError(rule.refusal, { field: 'file' });
        return kind.ext;
      },
      rule.maxBytes,
    );
    const found = kind as Pick<Sniffed, 'mime' | 'ext'> | null;
    if (!found) throw new AppError(rule.refusal, { field: 'file' });
    insertMedia(request.server.db, { sha256: stored.sha256, ext: found.ext, mime: found.mime, size: stored.size });
    return { sha256: stored.sha256, ext: found.ext, mime: found.mime, size: stored.size, clientName: part.filename };
  } catch (error) {
    if (error instanceof TooLargeError || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('UPLOAD_TOO_LARGE', { field: 'file', maxBytes: rule.maxBytes });
    }
    throw error;
  }
}
