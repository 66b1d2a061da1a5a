import type { Db } from '../db/connection.ts';
import { AppError } from '../errors.ts';
import { readSettings } from '../kit-settings/kit-settings.repo.ts';
import type { Viewer } from './viewer.ts';
import { isPrivileged } from './privilege.ts';

/**
 * docs/PRODUCT.md#downloads `appDenyDownloadsForUsers`: with it on, only admins get files as
 * downloads. Playing, reading and viewing stay open to everyone who may see
 * the resource; only the attachment (`?download=1`) and its links go.
 */
export function mayDownload(db: Db, viewer: Viewer | null): boolean {
  return isPrivileged(viewer) || !readSettings(db).appDenyDownloadsForUsers;
}

/** Whether a media request asks for the attachment (`?download=1`); refused when the rule forbids it to this viewer. */
export function downloadAsked(db: Db, viewer: Viewer | null, flag: string | undefined): boolean {
  const asked = flag === '1' || flag === 'true';
  if (asked && !mayDownload(db, viewer)) throw new AppError('DOWNLOADS_DISABLED');
  return asked;
}
