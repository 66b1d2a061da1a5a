import type { UploadQuota } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import type { Viewer } from '../../access/viewer.ts';
import { isPrivileged } from '../../access/privilege.ts';
import { readSettings } from '../../kit-settings/kit-settings.repo.ts';
import { storedBytesOf } from './quota.repo.ts';

const MIB = 1024 * 1024;
/** What multipart adds around a one-shot file (boundaries, part headers): far less than this. */
const MULTIPART_FRAMING_BYTES = 64 * 1024;

/** "350 MB", "1,5 MB": sizes as the upload page shows them. */
function formatMb(bytes: number): string {
  const mb = bytes / MIB;
  return `${mb.toLocaleString('es', { maximumFractionDigits: mb < 10 ? 1 : 0 })} MB`;
}

/** The bytes of one-shot uploads still arriving, held against their user's quota until they end. */
export interface Reservation {
  /** the most bytes this file may have */
  limit: number;
  release: () => void;
}

/**
 * Each user's storage on the kit (the `uploadQuotaMb` setting of /admin/data;
 * admins have none). What counts: the files of the user's resources,
 * whatever their status, plus the declared size of every unfinished upload
 * and the bytes of one-shot uploads still arriving, so many uploads started
 * at once cannot pass it together. A file landing on a resource discards the
 * resource's other unfinished uploads (UploadManager), so their room is freed. A file is refused before its bytes are
 * taken: at POST /api/uploads by its declared size, and a one-shot upload
 * by its request's length or, at the latest, the byte that would pass it.
 */
export class UploadQuotas {
  readonly #db: Db;
  /** user id → bytes of one-shot uploads being received */
  readonly #arriving = new Map<number, number>();

  constructor(db: Db) {
    this.#db = db;
  }

  /** The viewer's quota in bytes; null when they have none. */
  limitOf(viewer: Viewer): number | null {
    if (isPrivileged(viewer)) return null;
    const mb = readSettings(this.#db).uploadQuotaMb;
    return mb === null ? null : mb * MIB;
  }

  /** GET /api/v2/uploads/quota. */
  status(viewer: Viewer): UploadQuota {
    return { usedBytes: this.#used(viewer, null), quotaBytes: this.limitOf(viewer) };
  }

  #used(viewer: Viewer, except: number | null): number {
    return storedBytesOf(this.#db, viewer.id, except) + (this.#arriving.get(viewer.id) ?? 0);
  }

  /**
   * Bytes the viewer may still give RESOURCEID's new file. Its current file
   * does not count (the new one replaces it); everything else the viewer
   * holds does, the resource's other unfinished uploads included, so no room
   * is held twice.
   */
  #room(viewer: Viewer, resourceId: number): number {
    const limit = this.limitOf(viewer);
    return limit === null ? Number.POSITIVE_INFINITY : limit - this.#used(viewer, resourceId);
  }

  /** 413 UPLOAD_QUOTA_EXCEEDED, saying how much the viewer uses of how much. */
  exceeded(viewer: Viewer, size: number | null): AppError {
    const quotaBytes = this.limitOf(viewer) ?? 0;
    const usedBytes = storedBytesOf(this.#db, viewer.id, null);
    const what = size === null ? 'El archivo' : `El archivo (${formatMb(size)})`;
    return new AppError(
      'UPLOAD_QUOTA_EXCEEDED',
      { field: size === null ? 'file' : 'size', size, usedBytes, quotaBytes },
      `${what} no cabe en tu espacio del kit: usas ${formatMb(usedBytes)} de ${formatMb(quotaBytes)}. Borra borradores o archivos que ya no necesites, o pide más espacio al administrador`,
    );
  }

  /** POST /api/uploads: the declared size must fit, or nothing starts. */
  assertFits(viewer: Viewer, resourceId: number, size: number): void {
    if (size > this.#room(viewer, resourceId)) throw this.exceeded(viewer, size);
  }

  /**
   * A one-shot upload (its size unknown until its last byte): refused at once
   * when nothing fits or the request is longer than what fits; otherwise the
   * request's length (all the room, without one) is held until `release`.
   */
  reserve(viewer: Viewer, resourceId: number, requestLength: number | undefined): Reservation {
    const room = this.#room(viewer, resourceId);
    // without a length (or a garbled one) the whole room is held
    const length = requestLength !== undefined && Number.isFinite(requestLength) ? requestLength : room;
    if (room <= 0 || length - MULTIPART_FRAMING_BYTES > room) throw this.exceeded(viewer, null);
    if (room === Number.POSITIVE_INFINITY) return { limit: room, release: () => undefined };
    const held = Math.min(room, length);
    this.#arriving.set(viewer.id, (this.#arriving.get(viewer.id) ?? 0) + held);
    let released = false;
    return {
      limit: room,
      release: () => {
        if (released) return;
        released = true;
        const left = (this.#arriving.get(viewer.id) ?? 0) - held;
        if (left > 0) this.#arriving.set(viewer.id, left);
        else this.#arriving.delete(viewer.id);
      },
    };
  }
}
