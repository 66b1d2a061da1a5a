import type { Package } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { readSettings, writeSettings } from '../../kit-settings/kit-settings.repo.ts';
import { downloadFileName } from '../../media/disposition.ts';
import type { UploadRule } from '../../media/upload.ts';
import { countPackageDownload, deletePackage, findPackage, findPackages, insertPackage, type DbPackage, type PackageKind } from './downloads.repo.ts';

export type { DbPackage, PackageKind } from './downloads.repo.ts';

/** The name a package gets when the admin gives none. */
export const DEFAULT_APP_NAME = 'Aplicación del portal';

export const appPackageFileUrl = '/api/v2/extra/app-package/file';
export const browserFileUrl = (id: number): string => `/api/v2/extra/browsers/${id}/file`;

export function toWirePackage(row: DbPackage, downloadUrl: string): Package {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    notes: row.notes,
    fileName: row.file_name,
    size: row.size,
    uploadedAt: row.created_at,
    downloadUrl,
  };
}

/** What a download is saved as on the phone: the package's name and version, the stored file's real extension. */
export function packageFileName(name: string, version: string, ext: string): string {
  return downloadFileName(version ? `${name} ${version}` : name, ext);
}

/**
 * Android packages and zip archives (told apart by what the zip holds, never
 * by the name), and for browsers Windows programs too, for old computers
 * (docs/PRODUCT.md#old-browsers).
 */
export function acceptPackage(allowWindows: boolean): UploadRule['accept'] {
  return (type) => type.ext === 'apk' || type.ext === 'zip' || (allowWindows && type.ext === 'exe');
}

/** The group's mobile app offered now (the settings name it), if an admin uploaded one. */
export function currentAppPackage(db: Db): DbPackage | undefined {
  const id = readSettings(db).appPackageId;
  return id === null ? undefined : findPackage(db, id, 'app');
}

/** A browser package by id, or 404 PACKAGE_NOT_FOUND. */
export function browserPackage(db: Db, id: number): DbPackage {
  const row = findPackage(db, id, 'browser');
  if (!row) throw new AppError('PACKAGE_NOT_FOUND');
  return row;
}

export function browserPackages(db: Db): Package[] {
  return findPackages(db, 'browser').map((row) => toWirePackage(row, browserFileUrl(row.id)));
}

export const countDownloadOf = (db: Db, id: number): void => countPackageDownload(db, id);

/** Records a stored file as a package, its download name made from the name and version the admin gave. */
export function recordPackage(db: Db, kind: PackageKind, meta: { name: string; version?: string; notes?: string }, file: { sha256: string; ext: string }): DbPackage {
  const name = meta.name.trim();
  const version = meta.version?.trim() ?? '';
  const id = insertPackage(db, { kind, name, version, notes: meta.notes?.trim() ?? '', sha256: file.sha256, fileName: packageFileName(name, version, file.ext) });
  const row = findPackage(db, id, kind);
  if (!row) throw new AppError('INTERNAL');
  return row;
}

/** The app package becomes the one offered; the one it replaces goes, in the same transaction. */
export function offerAppPackage(db: Db, row: DbPackage): void {
  db.transaction(() => {
    const previous = readSettings(db).appPackageId;
    writeSettings(db, { appPackageId: row.id });
    if (previous !== null && previous !== row.id) deletePackage(db, previous, 'app');
  })();
}

/** No app offered any more; returns the package removed, or 404 PACKAGE_NOT_FOUND when there was none. */
export function withdrawAppPackage(db: Db): DbPackage {
  const row = currentAppPackage(db);
  if (!row) throw new AppError('PACKAGE_NOT_FOUND');
  db.transaction(() => {
    writeSettings(db, { appPackageId: null });
    deletePackage(db, row.id, 'app');
  })();
  return row;
}

export function removeBrowserPackage(db: Db, id: number): void {
  if (!deletePackage(db, id, 'browser')) throw new AppError('PACKAGE_NOT_FOUND');
}
