import { CLOCK_MAX, CLOCK_MIN, type DeviceStatus, HOTSPOT_UNIT_STATES, type HotspotSwitch, type HotspotUnitState, type PowerAction } from '@kit/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import { describeResult, runKitScript } from './device.scripts.ts';
import { readHttpsStatus } from './https-status.ts';
import { countPhones, DEFAULT_PATHS, type DevicePaths, readDisk, readHostapd, readLoad, readMemory, readTemperature, readThrottling, readUptime } from './device.status.ts';
import type { KitClockOptions } from './kit-clock.ts';
import { readKitWifiStatus } from './wifi-settings.ts';

export interface DeviceOptions {
  /** where /proc, /sys and the hotspot files are read (tests: fixtures) */
  paths?: Partial<DevicePaths>;
  /** wait after the power answer was sent before acting, so it crosses the Wi-Fi first */
  powerDelayMs?: number;
  /** `kit-hotspot on` waits for hostapd and dnsmasq to be up (up to 90 s) */
  hotspotTimeoutMs?: number;
  /** still running this long after a successful kit-power: the shutdown did not happen, allow another try */
  powerGraceMs?: number;
  /** wait after a Wi-Fi change's 202 was sent before applying it (the Wi-Fi drops then) */
  wifiDelayMs?: number;
  /** the kit's clock (kit-clock.ts; tests: a system clock that is behind) */
  clock?: KitClockOptions;
}

const STATUS_TIMEOUT_MS = 5_000;
const POWER_TIMEOUT_MS = 60_000;

export const POWER_MESSAGES: Readonly<Record<PowerAction, string>> = { poweroff: 'Apagando…', reboot: 'Reiniciando…' };
export const HOTSPOT_MESSAGES: Readonly<Record<HotspotSwitch, string>> = {
  on: 'Encendiendo la red Wi-Fi del kit…',
  off: 'Apagando la red Wi-Fi del kit…',
};

type HotspotAction = NonNullable<DeviceStatus['hotspot']['lastAction']>;

/**
 * Device control of one kit: the status readings and the actions, which run
 * only the kit's scripts (scripts/kit-power, kit-hotspot; kit-clock through kit-clock.ts) with
 * argv arrays of allow-listed words. The scripts call systemctl/timedatectl,
 * and polkit (systemd/polkit/50-kit-portal.rules) lets the service user do
 * exactly that. One action at a time; power wins over everything.
 */
export class DeviceController {
  readonly #app: FastifyInstance;
  readonly #paths: DevicePaths;
  readonly #powerDelayMs: number;
  readonly #hotspotTimeoutMs: number;
  readonly #powerGraceMs: number;
  #powerPending: PowerAction | null = null;
  #powerError: string | null = null;
  #hotspot: HotspotAction | null = null;
  /** another controller's action that must not meet a hotspot switch (a Wi-Fi change being applied) */
  #othersBusy: () => boolean = () => false;

  constructor(app: FastifyInstance, options: DeviceOptions = {}) {
    this.#app = app;
    this.#paths = { ...DEFAULT_PATHS, ...options.paths };
    this.#powerDelayMs = options.powerDelayMs ?? 1_500;
    this.#hotspotTimeoutMs = options.hotspotTimeoutMs ?? 120_000;
    this.#powerGraceMs = options.powerGraceMs ?? 180_000;
  }

  get #scriptsDir(): string {
    return this.#app.config.scriptsDir;
  }

  get paths(): DevicePaths {
    return this.#paths;
  }

  /** A power action or a hotspot switch is under way. */
  get busy(): boolean {
    return this.#powerPending !== null || this.#hotspot?.result === 'running';
  }

  /** Hotspot switches also wait while BUSY says so. */
  alsoBusyWhen(busy: () => boolean): void {
    this.#othersBusy = busy;
  }

  async status(): Promise<DeviceStatus> {
    const { config } = this.#app;
    const [uptime, load, temperature, throttling, memory, disk, hostapd, phones, hotspotState, https, wifi] = await Promise.all([
      readUptime(this.#paths),
      readLoad(this.#paths),
      readTemperature(this.#paths),
      readThrottling(this.#paths),
      readMemory(this.#paths),
      readDisk(config),
      readHostapd(this.#paths),
      countPhones(this.#paths),
      this.#hotspotUnitState(),
      readHttpsStatus(this.#app),
      readKitWifiStatus(this.#scriptsDir),
    ]);
    return {
      hostname: config.kitHostname,
      now: new Date(this.#app.kitClock.now()).toISOString(),
      uptimeSeconds: uptime,
      serverUptimeSeconds: Math.floor(process.uptime()),
      temperatureC: temperature,
      load,
      throttling,
      disk,
      memory,
      hotspot: {
        state: hotspotState,
        // the settings in use (a change from the web rewrites them), then what the first boot said
        ssid: wifi.settings?.ssid ?? config.wifiSsid ?? hostapd.ssid,
        connectedPhones: phones.count,
        connectedPhonesSource: phones.source,
        maxPhones: wifi.settings?.maxPhones ?? hostapd.maxPhones ?? config.wifiMaxPhones,
        lastAction: this.#hotspot ? { ...this.#hotspot } : null,
      },
      power: { pending: this.#powerPending, lastError: this.#powerError },
      https,
      clock: this.#app.kitClock.status(),
    };
  }

  async #hotspotUnitState(): Promise<HotspotUnitState> {
    const result = await runKitScript(this.#scriptsDir, 'kit-hotspot', ['status'], STATUS_TIMEOUT_MS);
    const word = result.stdout.trim().split('\n')[0]?.trim() ?? '';
    return (HOTSPOT_UNIT_STATES as readonly string[]).includes(word) ? (word as HotspotUnitState) : 'unknown';
  }

  /**
   * Accepts a power action; `run` does it. The route calls run only once the
   * answer has been sent ("Apagando…" must reach the phone before the kit
   * goes), and it waits powerDelayMs more so the bytes cross the Wi-Fi.
   */
  acceptPower(action: PowerAction): { message: string; run: () => void } {
    if (this.#powerPending) throw new AppError('DEVICE_BUSY');
    this.#powerPending = action;
    this.#powerError = null;
    const log = this.#app.log;
    let started = false;
    const run = () => {
      if (started) return;
      started = true;
      setTimeout(() => {
        log.info({ action }, 'dispositivo: ejecutando kit-power');
        void runKitScript(this.#scriptsDir, 'kit-power', [action], POWER_TIMEOUT_MS).then((result) => {
          if (result.code === 0) {
            // The kit is going down: the pending action stays shown. Should it
            // still be here long after (a stuck shutdown), let the admin try again.
            setTimeout(() => {
              this.#powerPending = null;
              this.#powerError = 'el kit sigue encendido después de la orden';
              log.error({ action }, 'dispositivo: el kit no se apagó ni reinició');
            }, this.#powerGraceMs).unref();
            return;
          }
          this.#powerPending = null;
          this.#powerError = describeResult(result);
          log.error({ action, result: this.#powerError }, 'dispositivo: kit-power falló');
        });
      }, this.#powerDelayMs).unref();
    };
    return { message: POWER_MESSAGES[action], run };
  }

  /** Starts `kit-hotspot on|off` in the background; its result shows in status().hotspot.lastAction. */
  switchHotspot(state: HotspotSwitch, log: FastifyBaseLogger): string {
    if (this.busy || this.#othersBusy()) throw new AppError('DEVICE_BUSY');
    const action: HotspotAction = { state, result: 'running', startedAt: new Date().toISOString(), finishedAt: null, message: null };
    this.#hotspot = action;
    void runKitScript(this.#scriptsDir, 'kit-hotspot', [state], this.#hotspotTimeoutMs).then((result) => {
      action.finishedAt = new Date().toISOString();
      if (result.code === 0) {
        action.result = 'done';
        log.info({ state }, 'dispositivo: red Wi-Fi cambiada');
      } else {
        action.result = 'failed';
        action.message = describeResult(result);
        log.error({ state, result: action.message }, 'dispositivo: kit-hotspot falló');
      }
    });
    return HOTSPOT_MESSAGES[state];
  }
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|([+-])(\d{2}):(\d{2}))$/;

/**
 * A date and time as the admin's phone writes it (ISO 8601 with an offset),
 * checked field by field (Date.parse would turn 30 February into 2 March),
 * within CLOCK_MIN..CLOCK_MAX. Null when it is anything else.
 */
export function parseClock(text: string): Date | null {
  const m = ISO.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  const millis = Number((m[7] ?? '0').padEnd(3, '0').slice(0, 3));
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return null;
  let offsetMinutes = 0;
  if (m[8] !== 'Z') {
    const [oh, om] = [Number(m[10]), Number(m[11])];
    if (oh > 23 || om > 59) return null;
    offsetMinutes = (m[9] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  const time = Date.UTC(year, month - 1, day, hour, minute, second, millis) - offsetMinutes * 60_000;
  if (time < Date.parse(CLOCK_MIN) || time >= Date.parse(CLOCK_MAX)) return null;
  return new Date(time);
}

/** BODY's `now` as parseClock reads it, or 400 VALIDATION on `body.now`. */
export function clockOf(text: string): Date {
  const when = parseClock(text);
  if (!when) throw new AppError('VALIDATION', { field: 'body.now', reason: 'fecha y hora ISO 8601 real, entre 2025 y 2100' }, 'El campo «body.now» no es una fecha y hora válida');
  return when;
}
