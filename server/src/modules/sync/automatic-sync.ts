import os from 'node:os';
import type { SyncSettings } from '@kit/contract';
import type { FastifyBaseLogger } from 'fastify';
import { HubSchedule } from './hub-schedule.ts';
import { syncsAutomatically } from './hub-settings.ts';
import { NetworkWatch, type ListInterfaces } from './network-watch.ts';
import type { SyncJobs } from './sync.service.ts';

export interface AutomaticSyncOptions {
  /** the machine's interfaces (default os.networkInterfaces; tests hand in a changing list) */
  listInterfaces?: ListInterfaces;
  /** how often the interfaces are looked at, in ms (default 30 s) */
  networkPollMs?: number;
}

/**
 * The hub syncs no admin starts (docs/SYNC.md "Hub sync"): every
 * `intervalHours`, and as soon as the kit gains a network (Ethernet, a USB
 * modem). Both are the usual job (report, then pull, arrivals pending) and
 * are skipped while another job runs; with an interval of 0 neither happens.
 */
export class AutomaticSync {
  readonly schedule: HubSchedule;
  readonly #network: NetworkWatch;
  readonly #hub: () => SyncSettings;

  constructor(jobs: SyncJobs, hub: () => SyncSettings, log: FastifyBaseLogger, options: AutomaticSyncOptions) {
    this.#hub = hub;
    const start = (why: string, addresses?: string[]) => {
      try {
        jobs.startPull('pending');
        log.info({ why, addresses }, 'sincronización automática');
      } catch (error) {
        log.info({ err: error, why }, 'sincronización automática omitida');
      }
    };
    this.schedule = new HubSchedule(() => start('programada'));
    this.#network = new NetworkWatch(options.listInterfaces ?? os.networkInterfaces, options.networkPollMs ?? 30_000, (addresses) => {
      if (syncsAutomatically(hub())) start('red nueva', addresses);
    });
  }

  start(): void {
    this.schedule.apply(this.#hub());
    this.#network.start();
  }

  stop(): void {
    this.schedule.stop();
    this.#network.stop();
  }
}
