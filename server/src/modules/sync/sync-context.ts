import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.ts';
import type { KitClock } from '../device/kit-clock.ts';
import type { HubCertificates } from './certificates-hub.ts';
import type { LastSync } from './hub-schedule.ts';
import type { KitKey } from './sync-keys.ts';

/** What every sync job works with: the kit's database, disks, keys and hub, and what it tells the rest of the kit. */
export interface SyncContext {
  db: Db;
  dataDir: string;
  /** free space no job may take on the data disk (KIT_DISK_RESERVE_MB) */
  diskReserveBytes: number;
  key: KitKey;
  kitName: string;
  usbRoot: string;
  mountsFile: string;
  /** the hub's addresses as they are now (hub-settings.ts): a job reads them when it starts */
  readonly feedUrl: string | null;
  readonly uploadUrl: string | null;
  /** KIT_SYNC_ENROLMENT_TOKEN: the kit enrols with it before its first report (enrolment-kit.ts); null: none */
  enrolmentToken: string | null;
  log: FastifyBaseLogger;
  /** serves a certificate the kit just installed from its hub or a pack (modules/device/https.plugin.ts reloadHttps) */
  onCertificateInstalled: () => Promise<void>;
  /** this kit as a hub that issues certificates to its kits; null: it does not */
  hubCertificates: HubCertificates | null;
  /** KIT_ACME_CA_FILE: roots its hub's chains may end at besides the public ones */
  acmeCaFile: string | null;
  /** a job ended that may have brought library files (an import, a hub pull): their phone copies are prepared, ZIMs' checks started */
  onFilesArrived: () => void;
  /** the kit's clock, which the hub's signed times and certificates move forward (modules/device/kit-clock.ts) */
  clock: Pick<KitClock, 'now' | 'raise'>;
}

/** The last hub sync, as the page shows it: the schedule counts from it (hub-schedule.ts). */
export interface LastPull extends LastSync {
  message: string;
}
