import type { SyncSettings } from '@kit/contract';
import { syncsAutomatically } from './hub-settings.ts';

const HOUR_MS = 3600_000;
/** After a sync that failed, or found another job running, the next try comes this soon (or at the interval, when shorter). */
const RETRY_MS = HOUR_MS;
/** The longest wait one timer holds (setTimeout's limit, under 25 days); a longer one is re-armed when it ends. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** When the kit's last hub sync ended, and whether it worked (sync.service.ts keeps it, with its message). */
export interface LastSync {
  at: string;
  ok: boolean;
}

/**
 * When the next automatic sync is due: `every` after the last one ended, or
 * sooner after one that failed; at once for a kit that never synced, or whose
 * clock now reads before its last sync (it is behind, and a sync moves it on).
 */
function syncDueAt(everyMs: number, last: LastSync | null, now: number): number {
  const at = last === null ? Number.NaN : Date.parse(last.at);
  if (!Number.isFinite(at) || at > now) return now;
  return at + (last!.ok ? everyMs : Math.min(everyMs, RETRY_MS));
}

/**
 * The automatic hub sync, counted from the last sync the kit remembers, not
 * from when the server started: a kit switched off every evening still syncs
 * when it is next on, and a freshly flashed one syncs as it starts. Saving new
 * settings re-arms it at once; a sync an admin started moves the next one on.
 * The timer never keeps the process alive.
 */
export class HubSchedule {
  /** starts a sync and resolves when it ends; false: another job was running */
  readonly #start: () => Promise<boolean>;
  readonly #settings: () => SyncSettings;
  readonly #last: () => LastSync | null;
  #timer: NodeJS.Timeout | undefined;
  #notBefore = 0;
  #stopped = false;

  constructor(start: () => Promise<boolean>, settings: () => SyncSettings, last: () => LastSync | null) {
    this.#start = start;
    this.#settings = settings;
    this.#last = last;
  }

  /** Arms the schedule for the settings as they are now, or stops it when they sync by hand only; not before NOTBEFORE (ms since the epoch). */
  apply(notBefore = 0): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#stopped || !syncsAutomatically(this.#settings())) return;
    this.#notBefore = notBefore;
    const wait = (this.#due() ?? Date.now()) - Date.now();
    this.#timer = setTimeout(() => void this.#fire(), Math.min(Math.max(wait, 0), MAX_TIMER_MS));
    this.#timer.unref();
  }

  /** When the next automatic sync starts (now, while one is due or running); null: by hand only. */
  get nextAt(): string | null {
    const due = this.#stopped ? null : this.#due();
    return due === null ? null : new Date(due).toISOString();
  }

  /** For good, as the server closes: a sync that is running arms nothing when it ends. */
  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #due(): number | null {
    const settings = this.#settings();
    if (!syncsAutomatically(settings)) return null;
    const now = Date.now();
    return Math.max(syncDueAt(settings.intervalHours * HOUR_MS, this.#last(), now), this.#notBefore, now);
  }

  async #fire(): Promise<void> {
    this.#timer = undefined;
    const due = this.#due();
    if (due === null) return;
    // Not due yet: an admin synced meanwhile, or the wait was longer than one timer.
    if (due > Date.now()) return this.apply(this.#notBefore);
    const started = await this.#start();
    if (this.#stopped) return;
    const every = this.#settings().intervalHours * HOUR_MS;
    this.apply(started ? 0 : Date.now() + Math.min(every, RETRY_MS));
  }
}
