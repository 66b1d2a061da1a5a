import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { type KitClockSource, type DeviceStatus } from '@kit/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { PhoneHints } from './clock-phones.ts';
import { describeResult, runKitScript } from './device.scripts.ts';
import { confirmationOf, recentClockChanges, recordClockChange, recordConfirmation } from './kit-clock.repo.ts';

/*
 * The kit's clock (docs/API-device.md "The kit's clock"). A Pi has no clock
 * battery: systemd-timesyncd restores the last saved time at boot, so after a
 * power cut the clock is behind, and a kit that believes an expired
 * certificate is still valid sends phones into a certificate error. So:
 *
 * - what the kit knows moves its clock FORWARD only: the hub's signed time,
 *   an installed certificate's start date, phones that agree;
 * - the admin may move it either way (scripts/kit-clock, as before);
 * - until the hub, the admin or agreeing phones told it the time since the
 *   kit booted, the clock is "unconfirmed" and HTTPS is not redirected to
 *   (https.plugin.ts redirectsNow); a server restarted within the boot keeps
 *   what confirmed it (kit_clock_confirmations, by the kernel's boot id);
 * - every change is logged in kit_clock_changes.
 *
 * now() is the later of the system clock and the best lower bound the kit was
 * given (carried forward on the monotonic clock), so a decision never waits
 * for, nor depends on, timedatectl having done its part.
 */

/** A bound at most this far ahead of the clock is network delay or rounding: the clock is not set for it. */
const MIN_STEP_MS = 60_000;
/** Agreeing phones move the clock only when their median is more than this ahead of it. */
const PHONES_AHEAD_MS = 2 * 60_000;
const CLOCK_TIMEOUT_MS = 30_000;
const CHANGES_SHOWN = 10;

/** What tells the kit the present time (a certificate's start is only a lower bound). */
type Confirmation = Exclude<KitClockSource, 'certificate'>;

export interface KitClockOptions {
  /** the system clock (tests: a kit whose clock is behind) */
  systemNow?: () => number;
  /** the kernel's id of this boot (tests: a file of their own); unreadable: a confirmation lasts as long as the server */
  bootIdFile?: string;
}

const BOOT_ID_FILE = '/proc/sys/kernel/random/boot_id';

function readBootId(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim() || null;
  } catch {
    return null;
  }
}

export interface KitClockContext extends KitClockOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** KIT_SCRIPTS_DIR: where scripts/kit-clock is */
  scriptsDir: string;
  /** KIT_IS_KIT: elsewhere the system keeps its own time and nothing here sets it */
  isKit: boolean;
}

export class KitClock {
  readonly #db: Db;
  readonly #log: FastifyBaseLogger;
  readonly #scriptsDir: string;
  readonly #isKit: boolean;
  readonly #systemNow: () => number;
  readonly #bootId: string | null;
  readonly #phones = new PhoneHints();
  /** the latest time the kit knows it is at least, at a monotonic instant */
  #floor: { time: number; at: number } | null = null;
  #confirmedBy: Confirmation | null = null;
  /** one change at a time: two sources at once must not interleave their scripts and log lines */
  #changes: Promise<unknown> = Promise.resolve();

  constructor(ctx: KitClockContext) {
    this.#db = ctx.db;
    this.#log = ctx.log;
    this.#scriptsDir = ctx.scriptsDir;
    this.#isKit = ctx.isKit;
    this.#systemNow = ctx.systemNow ?? Date.now;
    this.#bootId = readBootId(ctx.bootIdFile ?? BOOT_ID_FILE);
    if (this.#isKit && this.#bootId !== null) this.#confirmedBy = confirmationOf(this.#db, this.#bootId);
  }

  /** The kit's time: its system clock, or the lower bound it was given if that is later. */
  now(): number {
    const system = this.#systemNow();
    if (this.#floor === null) return system;
    return Math.max(system, this.#floor.time + (performance.now() - this.#floor.at));
  }

  /** Whether the clock is known not to be behind. Off a kit the system keeps its own time (NTP): always. */
  get confirmed(): boolean {
    return !this.#isKit || this.#confirmedBy !== null;
  }

  status(): DeviceStatus['clock'] {
    return { confirmedBy: this.#confirmedBy, changes: recentClockChanges(this.#db, CHANGES_SHOWN) };
  }

  /**
   * A trusted lower bound of the present (the hub's signed time, a
   * certificate's start): the clock moves forward to it, never back.
   * `present`: the bound is the hub's time now, so the clock is confirmed.
   */
  raise(source: 'hub' | 'certificate', bound: Date, present: boolean): Promise<void> {
    return this.#serially(async () => {
      if (!this.#isKit) return;
      if (present) this.#confirm('hub');
      const from = this.now();
      const time = bound.getTime();
      if (time <= from) return;
      this.#floor = { time, at: performance.now() };
      if (time - from > MIN_STEP_MS) await this.#set(source, from, time).catch(() => undefined);
    });
  }

  /** The admin's phone: the clock takes its time, earlier or later (throws DEVICE_ACTION_FAILED when the script fails). */
  setByAdmin(when: Date): Promise<void> {
    return this.#serially(async () => {
      await this.#set('admin', this.now(), when.getTime());
      this.#floor = { time: when.getTime(), at: performance.now() };
      this.#confirm('admin');
    });
  }

  /**
   * A phone's time (the web app sends it at start). Ignored once the hub or
   * the admin gave the time; when enough phones agree (clock-phones.ts) the
   * clock is confirmed, and moved forward to their median when it is more
   * than PHONES_AHEAD_MS behind it.
   */
  hint(address: string, phoneNow: Date): Promise<void> {
    return this.#serially(async () => {
      if (!this.#isKit || this.#confirmedBy === 'hub' || this.#confirmedBy === 'admin') return;
      const at = performance.now();
      this.#phones.add(address, phoneNow.getTime() - this.now(), at);
      const offset = this.#phones.agreement(at);
      if (offset === null) return;
      this.#confirm('phones');
      if (offset <= PHONES_AHEAD_MS) return;
      const from = this.now();
      const time = from + offset;
      this.#phones.clear();
      this.#floor = { time, at: performance.now() };
      await this.#set('phones', from, time).catch(() => undefined);
    });
  }

  /** Remembers what confirmed the clock, for this boot. */
  #confirm(source: Confirmation): void {
    if (this.#confirmedBy === source) return;
    this.#confirmedBy = source;
    if (this.#bootId !== null) recordConfirmation(this.#db, this.#bootId, source, new Date(this.now()).toISOString());
  }

  #serially(change: () => Promise<void>): Promise<void> {
    const next = this.#changes.then(change);
    this.#changes = next.catch(() => undefined);
    return next;
  }

  /** Runs `kit-clock set` → timedatectl set-time, and logs the change from the time the kit had, FROM. */
  async #set(source: KitClockSource, fromTime: number, time: number): Promise<void> {
    const from = new Date(fromTime).toISOString();
    const iso = new Date(time).toISOString();
    const result = await runKitScript(this.#scriptsDir, 'kit-clock', ['set', `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`], CLOCK_TIMEOUT_MS);
    if (result.code !== 0) {
      const detail = describeResult(result);
      this.#log.error({ source, to: iso, result: detail }, 'reloj: kit-clock falló');
      throw new AppError('DEVICE_ACTION_FAILED', { detail }, 'El kit no pudo cambiar la hora');
    }
    recordClockChange(this.#db, { source, from, to: iso });
    this.#log.info({ source, from, to: iso }, 'reloj: hora del kit cambiada');
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    kitClock: KitClock;
  }
}

export const registerKitClock = fp(
  async (app: FastifyInstance, options: KitClockOptions) => {
    app.decorate('kitClock', new KitClock({ db: app.db, log: app.log, scriptsDir: app.config.scriptsDir, isKit: app.config.isKit, ...options }));
  },
  { name: 'kit-clock' },
);
