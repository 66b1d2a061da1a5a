import type { SyncSettings } from '@kit/contract';
import { syncsAutomatically } from './hub-settings.ts';

const HOUR_MS = 3600_000;

/**
 * The automatic hub sync: `start` every `intervalHours`, counted from the
 * latest settings. Saving new settings re-arms it at once (no restart). The
 * timer never keeps the process alive.
 */
export class HubSchedule {
  readonly #start: () => void;
  #timer: NodeJS.Timeout | undefined;
  #nextAt: number | null = null;
  #everyMs = 0;

  constructor(start: () => void) {
    this.#start = start;
  }

  /** Arms the schedule for SETTINGS, or stops it when they sync by hand only. */
  apply(settings: SyncSettings): void {
    this.stop();
    if (!syncsAutomatically(settings)) return;
    this.#everyMs = settings.intervalHours * HOUR_MS;
    this.#nextAt = Date.now() + this.#everyMs;
    this.#timer = setInterval(() => {
      this.#nextAt = Date.now() + this.#everyMs;
      this.#start();
    }, this.#everyMs);
    this.#timer.unref();
  }

  /** When the next automatic sync starts; null: none is due. */
  get nextAt(): string | null {
    return this.#nextAt === null ? null : new Date(this.#nextAt).toISOString();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#nextAt = null;
  }
}
