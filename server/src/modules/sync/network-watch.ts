import os from 'node:os';
import { HOTSPOT_ADDRESS } from '../captive/captive.service.ts';
import { DEFAULT_PATHS } from '../device/device.status.ts';

/** The machine's network interfaces, as os.networkInterfaces() lists them (tests hand in their own). */
export type ListInterfaces = () => NodeJS.Dict<os.NetworkInterfaceInfo[]>;

/** Addresses that may reach a hub, as "interface address": not loopback, not link-local, not the hotspot's. */
export function routableAddresses(interfaces: ReturnType<ListInterfaces>): Set<string> {
  const found = new Set<string>();
  for (const [name, list] of Object.entries(interfaces)) {
    // the kit's own access point: phones, never a way out
    if (name === DEFAULT_PATHS.wlan) continue;
    for (const info of list ?? []) {
      if (info.internal || info.address === HOTSPOT_ADDRESS || isLinkLocal(info)) continue;
      found.add(`${name} ${info.address}`);
    }
  }
  return found;
}

// 169.254/16 and fe80::/10 come up on any cable, even with no network behind it.
const isLinkLocal = (info: os.NetworkInterfaceInfo): boolean =>
  info.family === 'IPv4' ? info.address.startsWith('169.254.') : /^fe[89ab]/i.test(info.address);

/**
 * Polls the interfaces and calls `onGained` with the routable addresses that
 * were not there at the previous look (an Ethernet cable plugged in, a USB
 * modem): the first look at start only sets what is known. An address that
 * goes and comes back is gained again. The timer never keeps the process alive.
 */
export class NetworkWatch {
  readonly #list: ListInterfaces;
  readonly #everyMs: number;
  readonly #onGained: (addresses: string[]) => void;
  #known = new Set<string>();
  #timer: NodeJS.Timeout | undefined;

  constructor(list: ListInterfaces, everyMs: number, onGained: (addresses: string[]) => void) {
    this.#list = list;
    this.#everyMs = everyMs;
    this.#onGained = onGained;
  }

  start(): void {
    this.#known = this.#look() ?? new Set();
    this.#timer = setInterval(() => this.#check(), this.#everyMs);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  #check(): void {
    const now = this.#look();
    if (now === null) return;
    const gained = [...now].filter((address) => !this.#known.has(address));
    this.#known = now;
    if (gained.length > 0) this.#onGained(gained);
  }

  /** null when the system cannot list its interfaces right now (what is known stays). */
  #look(): Set<string> | null {
    try {
      return routableAddresses(this.#list());
    } catch {
      return null;
    }
  }
}
