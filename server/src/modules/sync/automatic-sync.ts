import os from 'node:os';
import type { SyncSettings } from '@kit/contract';
import type { FastifyBaseLogger } from 'fastify';
import { HubSchedule } from './hub-schedule.ts';
import { syncsAutomatically } from './hub-settings.ts';
import { NetworkWatch, type ListInterfaces } from './network-watch.ts';
import { readHubState } from './sync.repo.ts';
import type { Db } from '../../db/connection.ts';
import type { LastPull } from './sync-context.ts';

export interface AutomaticSyncOptions {
  /** the machine's interfaces (default os.networkInterfaces; tests hand in a changing list) */
  listInterfaces?: ListInterfaces;
  /** how often the interfaces are looked at, in ms (default 30 s) */
  networkPollMs?: number;
}

/**
 * The hub syncs no admin starts (docs/SYNC.md "Hub sync"): `intervalHours`
 * after the last one (at once on a kit that never synced), and as soon as the
 * kit gains a network (Ethernet, a USB modem). Both are the usual job (report,
 * then pull, arrivals pending) and are skipped while another job runs; with an
 * interval of 0 neither happens.
 */
/** The one thing automatic syncs ask of the sync jobs (sync.service.ts SyncJobs): a hub pull, when no other job runs. */
export interface PullJobs {
  readonly ctx: { readonly db: Db };
  startPull(arrival: 'pending'): { done: Promise<unknown> };
}

export class AutomaticSync {
  readonly schedule: HubSchedule;
  readonly #network: NetworkWatch;

  constructor(jobs: PullJobs, hub: () => SyncSettings, log: FastifyBaseLogger, options: AutomaticSyncOptions) {
    /** Resolves when the sync ends, failed or not; false: it could not start (another job runs). */
    const start = async (why: string, addresses?: string[]): Promise<boolean> => {
      try {
        const { done } = jobs.startPull('pending');
        log.info({ why, addresses }, 'sincronización automática');
        await done.catch(() => undefined);
        return true;
      } catch (error) {
        log.info({ err: error, why }, 'sincronización automática omitida');
        return false;
      }
    };
    this.schedule = new HubSchedule(() => start('programada'), hub, () => readHubState<LastPull>(jobs.ctx.db, 'lastPull'));
    this.#network = new NetworkWatch(options.listInterfaces ?? os.networkInterfaces, options.networkPollMs ?? 30_000, (addresses) => {
      if (syncsAutomatically(hub())) void start('red nueva', addresses);
    });
  }

  start(): void {
    this.schedule.apply();
    this.#network.start();
  }

  stop(): void {
    this.schedule.stop();
    this.#network.stop();
  }
}
