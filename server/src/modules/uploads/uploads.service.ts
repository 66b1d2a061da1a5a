import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { type CreateUpload, RESOURCE_TYPES, type Upload, UPLOAD_CHUNK_BYTES, UPLOAD_STALE_HOURS } from '@kit/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.ts';
import { asDiskFull, ensureDiskSpace, isDiskFullError, type DiskRoom } from '../../disk-space.ts';
import { AppError } from '../../errors.ts';
import { fileTypeOf } from '../../media/file-type.ts';
import { insertMedia } from '../../media/media.repo.ts';
import { writeWithoutLocation } from '../../media/pictures.ts';
import { releaseMedia, withStoreLock } from '../../media/release.ts';
import { sniff, type Sniffed } from '../../media/sniff.ts';
import { hashFile, tmpDir } from '../../media/store.ts';
import { abandonPlacement, placeInStore, settlePlacement } from '../../media/store-intents.ts';
import type { Viewer } from '../../access/viewer.ts';
import { assertAllowed } from '../../access/resource-actions.ts';
import { getModerated } from '../../catalog/resource-lookup.ts';
import type { DbModerated } from '../../catalog/resources.repo.ts';
import { assertMayBringLibrary, inspectZim, recordLibrary, type ZimFacts } from '../libraries/libraries.service.ts';
import { makeCover, storeCover, type MadeCover } from './covers.service.ts';
import { setResourceFile } from '../../catalog/resources.repo.ts';
import { UploadQuotas } from './quota.service.ts';
import { appendStream, createPart, cutBack, displayName, orphanPartIds, partPath, partSize, readHead, removePart, removeUploadsEntry, type RunningHash } from './upload-files.ts';
import { allUploadIds, deleteResourceUploads, deleteUploadRow, findUpload, insertUpload, staleUploadIds, touchUpload, uploadsOf, type DbUpload } from './uploads.repo.ts';

const STALE_MS = UPLOAD_STALE_HOURS * 3600 * 1000;
/**
 * How often a PATCH marks its upload as alive. Marking is a database commit
 * that waits for the card on the event loop; once per 4 MiB chunk it stalled
 * every other request during a large upload. Against a day's staleness, an
 * upload's expiry shown a few minutes early changes nothing.
 */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

const { IMAGE, DOCUMENT, VIDEO, AUDIO, APP, LIBRARY } = RESOURCE_TYPES;
const TYPE_LABEL: Record<number, string> = {
  [IMAGE]: 'una imagen',
  [DOCUMENT]: 'un documento PDF',
  [VIDEO]: 'un video',
  [AUDIO]: 'un audio',
  [APP]: 'una aplicación (APK)',
  [LIBRARY]: 'una biblioteca (archivo ZIM)',
};

/**
 * The file's real type, from its first bytes (never its name or the client's
 * claim), must be one the library takes and the one the resource says.
 */
export function checkFileType(head: Buffer, typeCode: number): Sniffed {
  const sniffed = sniff(head);
  if (!sniffed) throw new AppError('FILE_TYPE_NOT_ALLOWED', { field: 'file' });
  if (sniffed.typeCode !== typeCode) {
    throw new AppError(
      'FILE_TYPE_MISMATCH',
      { field: 'file', expected: typeCode, got: sniffed.typeCode, mime: sniffed.mime },
      `El archivo no corresponde al tipo de recurso: se esperaba ${TYPE_LABEL[typeCode] ?? 'otro tipo'}`,
    );
  }
  return sniffed;
}

export function toWireUpload(dataDir: string, row: DbUpload): Upload {
  return {
    id: row.id,
    resourceId: row.resource_id,
    size: row.size,
    offset: partSize(dataDir, row.id),
    name: row.name,
    createdAt: row.created_at,
    expiresAt: new Date(Date.parse(row.updated_at) + STALE_MS).toISOString(),
    chunkSize: UPLOAD_CHUNK_BYTES,
  };
}

export interface AppendOutcome {
  upload: DbUpload;
  offset: number;
  complete: boolean;
}

interface Holder {
  abort: () => void;
  done: Promise<void>;
}

/**
 * Library file uploads: resumable ones (POST create, PATCH bytes at the
 * server's offset, HEAD/GET the offset, DELETE cancel) and one-shot multipart
 * ones, both ending the same way: type checked, hashed, renamed into the
 * content-addressed store and attached to the resource.
 */
export class UploadManager {
  readonly db: Db;
  readonly dataDir: string;
  readonly maxBytes: number;
  /** each user's storage on the kit */
  readonly quotas: UploadQuotas;
  /** free space no upload may take (KIT_DISK_RESERVE_MB) */
  readonly room: DiskRoom;
  /** running hashes of uploads whose bytes all arrived through this process */
  readonly #running = new Map<string, RunningHash>();
  /** the PATCH currently writing each upload */
  readonly #holders = new Map<string, Holder>();
  /** uploads whose every byte arrived, being put into the store */
  readonly #finishing = new Set<string>();
  /** a resource's new file is in the store (its phone copies are prepared from it) */
  readonly #onStored: (sha256: string) => void;
  /** a library's new ZIM is in the store: its checksum is checked in the background */
  readonly #onLibrary: (resourceId: number, sha256: string) => void;

  constructor(
    db: Db,
    dataDir: string,
    maxBytes: number,
    diskReserveBytes: number,
    onStored: (sha256: string) => void = () => undefined,
    onLibrary: (resourceId: number, sha256: string) => void = () => undefined,
  ) {
    this.db = db;
    this.dataDir = dataDir;
    this.maxBytes = maxBytes;
    this.quotas = new UploadQuotas(db);
    this.room = { dataDir, diskReserveBytes };
    this.#onStored = onStored;
    this.#onLibrary = onLibrary;
  }

  /** The caller's own upload; anybody else's is as unknown as one that never existed. */
  own(viewer: Viewer, id: string): DbUpload {
    const row = findUpload(this.db, id);
    if (!row || row.user_id !== viewer.id) throw new AppError('UPLOAD_NOT_FOUND');
    return row;
  }

  /**
   * The upload size limit (KIT_MAX_UPLOAD_MB). A library's ZIM is several GB
   * and only admins bring one: it is bounded by the disk reserve alone, like
   * a USB copy (docs/API-contributions.md#bibliotecas-zim).
   */
  #checkSize(size: number, typeCode: number): void {
    if (typeCode !== LIBRARY && size > this.maxBytes) {
      throw new AppError('UPLOAD_TOO_LARGE', { field: 'size', maxBytes: this.maxBytes, size }, `El archivo es más grande de lo permitido (máximo ${mib(this.maxBytes)})`);
    }
  }

  /**
   * Starts an upload of a resource's file, or finds the caller's unfinished
   * one for the same file (same size and name) so a phone that lost its
   * upload id resumes instead of starting over. Another unfinished upload of
   * that resource is replaced.
   */
  create(viewer: Viewer, body: CreateUpload): { upload: DbUpload; created: boolean } {
    const resource = getModerated(this.db, body.resourceId, viewer);
    assertAllowed('edit', resource, viewer);
    if (resource.type_code === RESOURCE_TYPES.LIST) throw new AppError('FILE_TYPE_MISMATCH', { field: 'resourceId', reason: 'list' }, 'Una lista no lleva archivo');
    assertMayBringLibrary(viewer, resource.type_code);
    this.#checkSize(body.size, resource.type_code);
    const name = displayName(body.name);
    for (const old of uploadsOf(this.db, viewer.id, [resource.id])) {
      if (old.size === body.size && old.name === name && fs.existsSync(partPath(this.dataDir, old.id))) return { upload: old, created: false };
      this.discard(old.id);
    }
    this.quotas.assertFits(viewer, resource.id, body.size);
    ensureDiskSpace(this.room, body.size);
    const id = randomBytes(16).toString('hex');
    insertUpload(this.db, { id, user_id: viewer.id, resource_id: resource.id, size: body.size, name });
    try {
      createPart(this.dataDir, id);
    } catch (error) {
      deleteUploadRow(this.db, id);
      throw error;
    }
    this.#running.set(id, { hash: createHash('sha256'), upto: 0 });
    return { upload: findUpload(this.db, id) as DbUpload, created: true };
  }

  /**
   * Forgets an upload and its bytes (cancelled, refused, stale, or its
   * resource gone); a request still writing it is ended, unless it is the
   * one discarding (it still has to answer).
   */
  discard(id: string, byWriter = false): void {
    if (!byWriter) this.#holders.get(id)?.abort();
    deleteUploadRow(this.db, id);
    removePart(this.dataDir, id);
    this.#running.delete(id);
  }

  /**
   * One writer per upload. A phone whose link dropped resumes while the
   * server may still hold the old, dead request open (until its timeout):
   * the new request ends the old one, waits for it to let go, and goes on
   * from what reached the disk.
   */
  async #acquire(id: string, abort: () => void): Promise<() => void> {
    for (let holder = this.#holders.get(id); holder; holder = this.#holders.get(id)) {
      holder.abort();
      await holder.done;
    }
    let release!: () => void;
    const holder: Holder = { abort, done: new Promise<void>((resolve) => (release = resolve)) };
    this.#holders.set(id, holder);
    return () => {
      if (this.#holders.get(id) === holder) this.#holders.delete(id);
      release();
    };
  }

  /**
   * PATCH: appends the body at `offset`, which must be the server's offset.
   * Bytes that arrive before the link breaks are kept (fsynced) and the next
   * PATCH goes on from there. A file that is not what the resource says, or
   * that grows past its declared size, cancels the upload. The last byte
   * completes it: the file is attached to the resource and the upload is gone.
   */
  async append(
    viewer: Viewer,
    id: string,
    offset: number,
    request: { source: Readable; contentLength: number | undefined; abort: () => void; log: FastifyBaseLogger },
  ): Promise<AppendOutcome> {
    const { source, contentLength, abort, log } = request;
    this.own(viewer, id);
    const release = await this.#acquire(id, abort);
    try {
      const upload = this.own(viewer, id);
      const file = partPath(this.dataDir, id);
      if (!fs.existsSync(file)) this.#refuse(id, new AppError('UPLOAD_NOT_FOUND'));
      const have = partSize(this.dataDir, id);
      if (offset !== have) throw new AppError('UPLOAD_OFFSET_MISMATCH', { offset: have });
      const resource = getModerated(this.db, upload.resource_id, viewer);
      try {
        assertAllowed('edit', resource, viewer);
        if (contentLength !== undefined && have + contentLength > upload.size) throw this.#overflow(upload);
      } catch (error) {
        this.#refuse(id, error);
      }
      if (have < upload.size) {
        // Refused before a byte is written; the upload stays, to go on once there is room.
        ensureDiskSpace(this.room, upload.size - have, { offset: have });
        try {
          await appendStream({
            file,
            offset: have,
            total: upload.size,
            source,
            checkHead: (head) => void checkFileType(head, resource.type_code),
            running: this.#running.get(id),
            overflow: () => this.#overflow(upload),
            resumable: true,
          });
        } catch (error) {
          // Refused content: nothing of it stays.
          if (error instanceof AppError) this.#refuse(id, error);
          if (isDiskFullError(error)) {
            // The disk filled while this body arrived: its bytes go, the acknowledged ones stay for the resume.
            await cutBack(file, have);
            throw new AppError('DISK_FULL', { offset: have });
          }
          // The link broke (or a newer request took over): what arrived stays for the resume.
          touchUpload(this.db, id);
          const now = partSize(this.dataDir, id);
          log.info({ uploadId: id, offset: now, size: upload.size, err: (error as Error).message }, 'upload interrupted');
          throw new AppError('UPLOAD_TRUNCATED', { offset: now });
        }
      }
      touchUpload(this.db, id, TOUCH_EVERY_MS);
      const now = partSize(this.dataDir, id);
      if (now < upload.size) return { upload, offset: now, complete: false };

      const running = this.#running.get(id);
      const sha256 = running && running.upto === upload.size ? running.hash.digest('hex') : await hashFile(file);
      this.#running.delete(id);
      this.#finishing.add(id);
      try {
        await this.#attach(viewer, resource, file, sha256, upload.name, id);
        // The row went in #attach's transaction; the bytes are the stored file's now.
        removePart(this.dataDir, id);
      } catch (error) {
        // Picture resizing busy, or no room to finish: the bytes stay; an empty PATCH at the end finishes later.
        if ((error instanceof AppError && error.code === 'UNAVAILABLE') || isDiskFullError(error)) throw asDiskFull(error);
        this.#refuse(id, error);
      } finally {
        this.#finishing.delete(id);
      }
      log.info({ uploadId: id, resourceId: upload.resource_id, sha256, size: upload.size }, 'upload complete');
      return { upload, offset: upload.size, complete: true };
    } finally {
      release();
    }
  }

  /** The one way an upload being written is refused: it is discarded with its bytes, and the error goes to the caller. */
  #refuse(id: string, error: unknown): never {
    this.discard(id, true);
    throw error;
  }

  #overflow(upload: DbUpload): AppError {
    return new AppError('UPLOAD_TOO_LARGE', { field: 'body', size: upload.size, reason: 'more bytes than declared' }, 'Llegaron más bytes de los anunciados para este archivo');
  }

  /**
   * One-shot upload (multipart): the file streams to a temp file while it is
   * counted against the limit, typed by its first bytes and hashed, then ends
   * like a resumable one. Nothing stays behind when it is refused or cut.
   */
  async direct(
    viewer: Viewer,
    resourceId: number,
    stream: Readable & { truncated?: boolean },
    clientName: string | undefined,
    /** what is left of the user's storage (UploadQuotas.reserve) */
    quotaLimit = Number.POSITIVE_INFINITY,
  ): Promise<void> {
    const resource = getModerated(this.db, resourceId, viewer);
    assertAllowed('edit', resource, viewer);
    if (resource.type_code === RESOURCE_TYPES.LIST) throw new AppError('FILE_TYPE_MISMATCH', { field: 'file', reason: 'list' }, 'Una lista no lleva archivo');
    fs.mkdirSync(tmpDir(this.dataDir), { recursive: true });
    const file = path.join(tmpDir(this.dataDir), `${randomBytes(16).toString('hex')}.part`);
    fs.closeSync(fs.openSync(file, 'wx'));
    const running: RunningHash = { hash: createHash('sha256'), upto: 0 };
    try {
      const tooLarge = () =>
        new AppError('UPLOAD_TOO_LARGE', { field: 'file', maxBytes: this.maxBytes }, `El archivo es más grande de lo permitido (máximo ${mib(this.maxBytes)})`);
      // The file grew past what is left of the user's storage.
      const overflow = quotaLimit < this.maxBytes ? () => this.quotas.exceeded(viewer, null) : tooLarge;
      let result;
      try {
        result = await appendStream({
          file,
          offset: 0,
          total: Math.min(this.maxBytes, quotaLimit),
          source: stream,
          checkHead: (head) => void checkFileType(head, resource.type_code),
          running,
          overflow,
          resumable: false,
        });
      } catch (error) {
        if (error instanceof AppError || isDiskFullError(error)) throw asDiskFull(error);
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        // A cut body is told from the kit's own failure by readFilePart, for every file route alike.
        throw error;
      }
      if (stream.truncated) throw tooLarge();
      // Shorter than the sniffing window: decided now.
      if (!result.headChecked) checkFileType(await readHead(file), resource.type_code);
      await this.#attach(viewer, resource, file, running.hash.digest('hex'), displayName(clientName), null);
    } finally {
      await fs.promises.rm(file, { force: true });
    }
  }

  /**
   * Makes a complete file the resource's file (#place). A photo is stored
   * without its GPS position and device serials (writeWithoutLocation): the
   * original a library keeps is shown and downloaded by everyone.
   */
  async #attach(viewer: Viewer, read: DbModerated, file: string, sha256: string, name: string | null, uploadId: string | null): Promise<void> {
    const sniffed = checkFileType(await readHead(file), read.type_code);
    const cleaned = sniffed.typeCode === RESOURCE_TYPES.IMAGE ? await this.#withoutLocation(file) : null;
    try {
      await this.#place(viewer, read, cleaned ?? file, cleaned ? await hashFile(cleaned) : sha256, name, uploadId);
    } finally {
      if (cleaned) await fs.promises.rm(cleaned, { force: true });
    }
  }

  /** A cleaned copy of a photo in the store's temp folder, or null when it carries nothing to remove. */
  async #withoutLocation(file: string): Promise<string | null> {
    fs.mkdirSync(tmpDir(this.dataDir), { recursive: true });
    const cleaned = path.join(tmpDir(this.dataDir), `${randomBytes(16).toString('hex')}.part`);
    try {
      return (await writeWithoutLocation(file, cleaned)) ? cleaned : null;
    } catch (error) {
      await fs.promises.rm(cleaned, { force: true });
      // Busy: the bytes stay for a later try. Anything else: a picture no decoder reads, as for its cover.
      if (error instanceof AppError && error.code === 'UNAVAILABLE') throw error;
      throw new AppError('FILE_UNREADABLE', { field: 'file' });
    }
  }

  /**
   * Puts a complete file into the store and makes it the resource's file
   * (with a cover made from it when it is a picture), if the caller may still
   * edit the resource. `read` is the resource as the caller read it before the
   * bytes came; under the store lock it is read again, since it may have
   * changed meanwhile. The file it replaces is deleted when nothing else uses
   * it. `file` stays where it is: the caller removes it once this resolves.
   */
  async #place(viewer: Viewer, read: DbModerated, file: string, sha256: string, name: string | null, uploadId: string | null): Promise<void> {
    const resourceId = read.id;
    const head = await readHead(file);
    const sniffed = checkFileType(head, read.type_code);
    // The stored type: the first bytes above, and for a zip what it holds.
    const type = await fileTypeOf(file);
    const size = fs.statSync(file).size;
    let cover: MadeCover | null = null;
    if (sniffed.typeCode === RESOURCE_TYPES.IMAGE) cover = await makeCover(file, () => new AppError('FILE_UNREADABLE', { field: 'file' }));
    let library: ZimFacts | null = null;
    if (sniffed.typeCode === LIBRARY) {
      assertMayBringLibrary(viewer, read.type_code);
      // Opened by the reader before it is kept: a cut or damaged file is refused here.
      library = await inspectZim(file);
      // The file's own icon, through the same picture rules as any cover; an icon no decoder reads leaves the placeholder.
      if (library.illustration) cover = await makeCover(library.illustration, () => new AppError('FILE_UNREADABLE')).catch(() => null);
    }
    await withStoreLock(async () => {
      // It may have been submitted, or its type changed, while the bytes were checked.
      const editable = () => {
        const resource = getModerated(this.db, resourceId, viewer);
        assertAllowed('edit', resource, viewer);
        checkFileType(head, resource.type_code);
        return resource;
      };
      const before = editable();
      const coverSha = cover && before.cover_custom === 0 ? await storeCover(this.db, this.dataDir, cover) : null;
      // Linked, not moved: until the rows below are committed, a kill leaves the upload's bytes where they were.
      const placed = await placeInStore(this.dataDir, file, sha256, type.ext);
      let resource: ReturnType<typeof editable>;
      let superseded: string[];
      try {
        // Other requests ran while the disk worked: checked again where nothing can come between.
        resource = editable();
        superseded = this.db.transaction(() => {
          insertMedia(this.db, { sha256, type, size, width: cover?.source.width ?? null, height: cover?.source.height ?? null });
          setResourceFile(this.db, resourceId, { sha256, name, autoCover: coverSha });
          if (library) recordLibrary(this.db, resourceId, sha256, library);
          // This upload is finished, and any other of the resource would only replace the file now there:
          // kept, it would hold its owner's quota and its bytes until it went stale.
          return deleteResourceUploads(this.db, resourceId).filter((id) => id !== uploadId);
        })();
      } catch (error) {
        abandonPlacement(this.db, this.dataDir, placed);
        throw error;
      }
      settlePlacement(placed);
      // One being put into the store right now lands after this file and takes its part file along.
      for (const id of superseded) if (!this.#finishing.has(id)) this.discard(id);
      const replaced = [resource.media_sha256 === sha256 ? null : resource.media_sha256];
      if (coverSha && resource.cover_sha256 !== coverSha) replaced.push(resource.cover_sha256);
      releaseMedia(this.db, this.dataDir, replaced);
    });
    this.#onStored(sha256);
    if (library) this.#onLibrary(resourceId, sha256);
  }

  /**
   * Deletes uploads nothing has touched for UPLOAD_STALE_HOURS, part files
   * whose row is gone and rows whose file is gone. Runs at start and hourly;
   * uploads being written are left alone. Fresh uploads survive a restart:
   * a phone resumes them after a power cut.
   */
  sweep(now: number = Date.now()): number {
    let removed = 0;
    for (const id of staleUploadIds(this.db, new Date(now - STALE_MS).toISOString())) {
      if (this.#holders.has(id)) continue;
      this.discard(id);
      removed += 1;
    }
    const rows = allUploadIds(this.db);
    for (const entry of orphanPartIds(this.dataDir, rows)) {
      removeUploadsEntry(this.dataDir, entry);
      removed += 1;
    }
    for (const id of rows) {
      if (!this.#holders.has(id) && !fs.existsSync(partPath(this.dataDir, id))) {
        deleteUploadRow(this.db, id);
        removed += 1;
      }
    }
    return removed;
  }
}

const mib = (bytes: number): string => `${Math.floor(bytes / (1024 * 1024))} MB`;
