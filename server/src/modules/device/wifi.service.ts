import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { WifiLastChange, WifiPending, WifiSettings, WifiSettingsBody, WifiState } from '@kit/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import { syncDir, writeAtomic } from './device.certificate.ts';
import { describeResult, runKitScript } from './device.scripts.ts';
import type { DeviceController } from './device.service.ts';
import type { DevicePaths } from './device.status.ts';
import { joinedSince } from './wifi-joined.ts';
import { parseIwPhy, type Radio } from './wifi-radio.ts';
import { readRegDb, type RegDb } from './wifi-regdb.ts';
import { allowedSettings, checkWifiChange, readKitWifiStatus, stagedText, withoutChannelInUse, type KitWifiStatus } from './wifi-settings.ts';

/** `kit-wifi apply` waits for the root helper: the hotspot restart and the access point check (the unit allows 150 s). */
const APPLY_TIMEOUT_MS = 170_000;
const CONFIRM_TIMEOUT_MS = 60_000;
const READ_TIMEOUT_MS = 5_000;

export const WIFI_CHANGE_MESSAGE = 'Cambiando la red Wi-Fi del kit…';
export const WIFI_CONFIRMED_MESSAGE = 'Red Wi-Fi conservada';

/** The staged files the root helper reads: <data>/wifi/ (the kit's KIT_DATA_DIR is /var/lib/kit-portal). */
export const wifiStageDir = (dataDir: string): string => path.join(dataDir, 'wifi');

interface Applying {
  id: string;
  settings: WifiSettings;
  previous: WifiSettings | null;
  startedAt: string;
  confirmSeconds: number;
}

/**
 * The Wi-Fi settings of /admin/device (docs/API-device.md, "Wi-Fi settings").
 * The portal holds no privilege: it checks a change, stages it in its data
 * folder and runs scripts/kit-wifi, whose root helper (started by systemd
 * through polkit) checks it again, applies it and arms the way back. Whether
 * a change waits, and how the last one ended, is read from the kit's files
 * every time (`kit-wifi status`), so a restarted portal sees the same; only
 * the seconds between the 202 and the helper's start live here.
 */
export class WifiController {
  readonly #app: FastifyInstance;
  readonly #device: DeviceController;
  readonly #paths: DevicePaths;
  readonly #delayMs: number;
  #applying: Applying | null = null;
  /** a change the helper never got to run (the script could not start, polkit said no) */
  #notRun: WifiLastChange | null = null;
  /** the radio does not change while the kit runs: read once it answers */
  #radio: Radio | null = null;
  /** nor does the regulatory database (a package upgrade restarts the portal): read once it parses */
  #regdb: RegDb | null = null;

  constructor(app: FastifyInstance, device: DeviceController, paths: DevicePaths, delayMs: number) {
    this.#app = app;
    this.#device = device;
    this.#paths = paths;
    this.#delayMs = delayMs;
  }

  get applying(): boolean {
    return this.#applying !== null;
  }

  get #scriptsDir(): string {
    return this.#app.config.scriptsDir;
  }

  get #stageDir(): string {
    return wifiStageDir(this.#app.config.dataDir);
  }

  /** A staged file left by a portal that stopped before its helper ran: it holds a password, and nobody will apply it. */
  async removeLeftovers(): Promise<void> {
    await fs.rm(path.join(this.#stageDir, 'staged'), { force: true });
    await fs.rm(path.join(this.#stageDir, 'confirm'), { force: true });
  }

  async #readRadio(): Promise<Radio | null> {
    if (this.#radio) return this.#radio;
    const result = await runKitScript(this.#scriptsDir, 'kit-wifi', ['radio'], READ_TIMEOUT_MS);
    const radio = result.code === 0 ? parseIwPhy(result.stdout) : null;
    if (radio) this.#radio = radio;
    return radio;
  }

  async #readRegDb(): Promise<RegDb | null> {
    this.#regdb ??= await readRegDb(this.#paths.regdb);
    return this.#regdb;
  }

  async state(): Promise<WifiState> {
    const [status, radio, regdb] = await Promise.all([readKitWifiStatus(this.#scriptsDir), this.#readRadio(), this.#readRegDb()]);
    if (!status.settings) throw new AppError('WIFI_SETTINGS_UNKNOWN');
    const { channelInUse, ...settings } = status.settings;
    return {
      ...settings,
      channelInUse,
      confirmSeconds: this.#app.config.wifiConfirmSeconds,
      allowed: allowedSettings(radio, regdb),
      pending: this.#pending(status),
      lastChange: this.#lastChange(status),
    };
  }

  static #applyingPending(applying: Applying): WifiPending {
    return { id: applying.id, state: 'applying', settings: applying.settings, previous: applying.previous, startedAt: applying.startedAt, deadline: null, secondsLeft: null, confirmSeconds: applying.confirmSeconds };
  }

  #pending(status: KitWifiStatus): WifiPending | null {
    const file = status.pending;
    const applying = this.#applying;
    // the helper's journal wins once it says the new access point is up
    if (applying && !(file?.id === applying.id && file.state === 'waiting')) return WifiController.#applyingPending(applying);
    if (!file || !status.settings) return null;
    const deadline = file.state === 'waiting' && file.deadline !== null ? file.deadline * 1000 : null;
    return {
      id: file.id,
      state: file.state,
      settings: withoutChannelInUse(status.settings),
      previous: status.previous,
      startedAt: new Date(file.started * 1000).toISOString(),
      deadline: deadline === null ? null : new Date(deadline).toISOString(),
      secondsLeft: deadline === null ? null : Math.max(0, Math.round((deadline - Date.now()) / 1000)),
      confirmSeconds: file.confirmSeconds,
    };
  }

  #lastChange(status: KitWifiStatus): WifiLastChange | null {
    const notRun = this.#notRun;
    if (notRun && (!status.last || Date.parse(notRun.at) >= Date.parse(status.last.at))) return notRun;
    return status.last;
  }

  /**
   * Checks and stages a change; `run` applies it. The route calls run once
   * the 202 has been sent: the Wi-Fi drops while the hotspot restarts, and
   * the answer must reach the phone first.
   */
  async change(body: WifiSettingsBody, adminId: number): Promise<{ pending: WifiPending; run: () => void }> {
    if (this.#applying) throw new AppError('WIFI_CHANGE_PENDING');
    if (this.#device.busy) throw new AppError('DEVICE_BUSY');
    const [status, radio, regdb] = await Promise.all([readKitWifiStatus(this.#scriptsDir), this.#readRadio(), this.#readRegDb()]);
    if (!status.settings) throw new AppError('WIFI_SETTINGS_UNKNOWN');
    if (status.pending) throw new AppError('WIFI_CHANGE_PENDING');
    if (!regdb) throw new AppError('WIFI_REGDB_MISSING');
    if (!radio) throw new AppError('WIFI_RADIO_UNKNOWN');
    const change = checkWifiChange(body, allowedSettings(radio, regdb), withoutChannelInUse(status.settings));
    // a second request may have passed the first check while this one read the kit
    if (this.#applying) throw new AppError('WIFI_CHANGE_PENDING');
    const id = randomBytes(8).toString('hex');
    const confirmSeconds = this.#app.config.wifiConfirmSeconds;
    const applying: Applying = { id, settings: change.settings, previous: withoutChannelInUse(status.settings), startedAt: new Date().toISOString(), confirmSeconds };
    this.#applying = applying;
    try {
      await fs.mkdir(this.#stageDir, { recursive: true, mode: 0o700 });
      await writeAtomic(path.join(this.#stageDir, 'staged'), stagedText(change, { id, adminId, confirmSeconds }), 0o600);
      await syncDir(this.#stageDir);
    } catch (error) {
      this.#applying = null;
      throw error;
    }
    const log = this.#app.log;
    log.info({ adminId, changeId: id, settings: change.settings, newPassword: change.password !== null }, 'wifi: cambio aceptado');
    let started = false;
    const run = () => {
      if (started) return;
      started = true;
      setTimeout(() => void this.#apply(applying, adminId), this.#delayMs).unref();
    };
    return { pending: WifiController.#applyingPending(applying), run };
  }

  async #apply(applying: Applying, adminId: number): Promise<void> {
    const log = this.#app.log;
    log.info({ adminId, changeId: applying.id }, 'wifi: ejecutando kit-wifi apply');
    const result = await runKitScript(this.#scriptsDir, 'kit-wifi', ['apply'], APPLY_TIMEOUT_MS);
    // the helper removes it once read; gone in any case: it holds the password
    await fs.rm(path.join(this.#stageDir, 'staged'), { force: true });
    const status = await readKitWifiStatus(this.#scriptsDir);
    this.#applying = null;
    if (result.code === 0) {
      log.info({ adminId, changeId: applying.id }, 'wifi: cambio aplicado, esperando confirmación desde la red nueva');
    } else if (status.last?.id === applying.id || status.pending?.id === applying.id) {
      log.error({ adminId, changeId: applying.id, result: status.last?.result, reason: status.last?.reason }, 'wifi: el cambio no se aplicó');
    } else {
      const detail = describeResult(result);
      this.#notRun = { id: applying.id, result: 'failed', reason: `El kit no pudo aplicar el cambio (${detail}). La red Wi-Fi sigue como estaba.`, at: new Date().toISOString() };
      log.error({ adminId, changeId: applying.id, result: detail }, 'wifi: kit-wifi apply no se pudo ejecutar');
    }
  }

  /** Keeps the change that waits, when the request came through the new network (wifi-joined.ts says how that is known). */
  async confirm(ip: string, adminId: number): Promise<void> {
    const status = await readKitWifiStatus(this.#scriptsDir);
    const pending = status.pending;
    // the kit's journal says when the new access point is up (kit-wifi apply may not have returned yet)
    if (pending?.state !== 'waiting') throw new AppError(pending || this.#applying ? 'WIFI_STILL_APPLYING' : 'WIFI_NOTHING_PENDING');
    // since the helper started switching: the hotspot restart that followed dropped every phone
    const verdict = await joinedSince(ip, pending.started * 1000, this.#paths);
    if (verdict !== 'joined') {
      this.#app.log.info({ adminId, changeId: pending.id, ip, verdict }, 'wifi: confirmación rechazada, no llega por la red nueva');
      const ssid = status.settings?.ssid;
      throw new AppError('WIFI_CONFIRM_WRONG_NETWORK', { reason: verdict, ssid: ssid ?? null }, ssid ? `Pulsa «Conservar» desde un teléfono conectado a la red Wi-Fi «${ssid}» del kit` : undefined);
    }
    await fs.mkdir(this.#stageDir, { recursive: true, mode: 0o700 });
    await writeAtomic(path.join(this.#stageDir, 'confirm'), `id=${pending.id}\nadmin=${adminId}\n`, 0o600);
    const result = await runKitScript(this.#scriptsDir, 'kit-wifi', ['confirm'], CONFIRM_TIMEOUT_MS);
    await fs.rm(path.join(this.#stageDir, 'confirm'), { force: true });
    if (result.code !== 0) {
      const after = await readKitWifiStatus(this.#scriptsDir);
      if (after.last?.id === pending.id && after.last.result !== 'confirmed') throw new AppError('WIFI_ALREADY_REVERTED');
      const detail = describeResult(result);
      this.#app.log.error({ adminId, changeId: pending.id, result: detail }, 'wifi: kit-wifi confirm falló');
      throw new AppError('DEVICE_ACTION_FAILED', { detail }, 'El kit no pudo conservar el cambio de la red Wi-Fi');
    }
    this.#app.log.info({ adminId, changeId: pending.id, ip }, 'wifi: cambio confirmado desde la red nueva');
  }
}
