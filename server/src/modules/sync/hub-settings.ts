import type { SyncSettings, UpdateSyncSettings } from '@kit/contract';
import { isHubUrl, OPTIONS } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { writeSettings } from '../../kit-settings/kit-settings.repo.ts';

/** Checks the three values with the rules KIT_SYNC_* have (config.ts), then stores them together; a bad one changes nothing. */
export function saveHubSettings(db: Db, body: UpdateSyncSettings): SyncSettings {
  const settings: SyncSettings = {
    feedUrl: hubUrl(body.feedUrl, 'body.feedUrl'),
    uploadUrl: hubUrl(body.uploadUrl, 'body.uploadUrl'),
    intervalHours: interval(body.intervalHours),
  };
  writeSettings(db, { hubSync: settings });
  return settings;
}

/** Syncs start by themselves (the schedule, a new network) only with a hub and an interval; 0 is by hand only. */
export const syncsAutomatically = (settings: SyncSettings): boolean => settings.intervalHours > 0 && (settings.feedUrl !== null || settings.uploadUrl !== null);

function hubUrl(given: string | null, field: string): string | null {
  const url = given?.trim() ?? '';
  if (url === '') return null;
  if (!isHubUrl(url)) throw new AppError('SYNC_URL_INVALID', { field });
  return url;
}

function interval(hours: number): number {
  const { min, max } = OPTIONS.KIT_SYNC_INTERVAL_HOURS;
  if (!Number.isInteger(hours) || hours < min || hours > max) throw new AppError('SYNC_INTERVAL_INVALID', { field: 'body.intervalHours' });
  return hours;
}
