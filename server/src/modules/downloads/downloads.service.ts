import type { Package } from '@kit/contract';
import { downloadFileName } from '../../media/disposition.ts';
import type { UploadRule } from '../../media/upload.ts';
import type { DbPackage } from './downloads.repo.ts';

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
 * by the name), and for browsers Windows programs too, for the old computers
 * SPEC §5 names.
 */
export function acceptPackage(allowWindows: boolean): UploadRule['accept'] {
  return (type) => type.ext === 'apk' || type.ext === 'zip' || (allowWindows && type.ext === 'exe');
}
