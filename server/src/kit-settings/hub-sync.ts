import type { SyncSettings } from '@kit/contract';
import type { Config } from '../config.ts';
import type { Db } from '../db/connection.ts';
import { readSettings } from './kit-settings.repo.ts';

export type HubEnvironment = Pick<Config, 'syncFeedUrl' | 'syncUploadUrl' | 'syncIntervalHours'>;

/**
 * The hub this kit syncs with (docs/SYNC.md "Hub sync"): what an admin saved
 * on /admin/sync, or, until then, KIT_SYNC_* from the environment (which
 * kit-firstboot writes from kit-portal.txt). Read at every use, so a change
 * holds at once.
 */
export function readHubSettings(db: Db, env: HubEnvironment): SyncSettings {
  const saved = readSettings(db).hubSync;
  return saved ? { ...saved } : { feedUrl: env.syncFeedUrl, uploadUrl: env.syncUploadUrl, intervalHours: env.syncIntervalHours };
}

