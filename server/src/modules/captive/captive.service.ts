import net from 'node:net';
import os from 'node:os';

/**
 * The connectivity probes phones and computers send when they join a Wi-Fi,
 * and the "online" answer each one expects (docs/CAPTIVE-PORTAL.md).
 */
export interface ProbeAnswer {
  status: 200 | 204;
  contentType?: string;
  body: string;
}

const APPLE_SUCCESS: ProbeAnswer = {
  status: 200,
  contentType: 'text/html',
  body: '<HTML><HEAD><TITLE>Success</TITLE></HEAD><BODY>Success</BODY></HTML>\n',
};
const NO_CONTENT: ProbeAnswer = { status: 204, body: '' };

export const PROBES: Readonly<Record<string, ProbeAnswer>> = {
  // Android, ChromeOS, Chrome (every vendor's host, same path)
  '/generate_204': NO_CONTENT,
  '/gen_204': NO_CONTENT,
  // Apple iOS / macOS
  '/hotspot-detect.html': APPLE_SUCCESS,
  '/library/test/success.html': APPLE_SUCCESS,
  // Windows (NCSI)
  '/connecttest.txt': { status: 200, contentType: 'text/plain', body: 'Microsoft Connect Test' },
  '/ncsi.txt': { status: 200, contentType: 'text/plain', body: 'Microsoft NCSI' },
  // Firefox
  '/success.txt': { status: 200, contentType: 'text/plain', body: 'success\n' },
  '/canonical.html': {
    status: 200,
    contentType: 'text/html',
    body: '<meta http-equiv="refresh" content="0;url=https://support.mozilla.org/kb/captive-portal"/>',
  },
  // GNOME / NetworkManager
  '/check_network_status.txt': { status: 200, contentType: 'text/plain', body: 'NetworkManager is online\n' },
};

/** The hotspot's own address (systemd/kit-wlan-address.service), the kit's even before wlan0 is up. */
export const HOTSPOT_ADDRESS = '10.42.0.1';

export interface ReleasedClientsOptions {
  /** how long a client gets "online" answers after its last probe or portal page */
  ttlMs?: number;
  /** most clients remembered; the least recently seen are forgotten first */
  maxEntries?: number;
  now?: () => number;
}

/**
 * Clients (by address) that have seen the portal and so get "online"
 * answers to their probes. In memory: after a restart each phone is simply
 * sent to the portal once more. Each probe or page refreshes the time.
 */
export class ReleasedClients {
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  /** address → expiry; Map order is least recently refreshed first */
  readonly #expiry = new Map<string, number>();

  constructor({ ttlMs = 60 * 60 * 1000, maxEntries = 4096, now = Date.now }: ReleasedClientsOptions = {}) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
    this.#now = now;
  }

  get size(): number {
    return this.#expiry.size;
  }

  /** True (and the time refreshed) when the client saw the portal less than ttl ago. */
  touchIfReleased(address: string): boolean {
    const expiry = this.#expiry.get(address);
    if (expiry === undefined) return false;
    if (expiry <= this.#now()) {
      this.#expiry.delete(address);
      return false;
    }
    this.release(address);
    return true;
  }

  release(address: string): void {
    this.#expiry.delete(address);
    if (this.#expiry.size >= this.#maxEntries) this.#evict();
    this.#expiry.set(address, this.#now() + this.#ttlMs);
  }

  #evict(): void {
    const now = this.#now();
    for (const [address, expiry] of this.#expiry) {
      if (expiry <= now) this.#expiry.delete(address);
    }
    // Still full: forget the least recently seen.
    for (const address of this.#expiry.keys()) {
      if (this.#expiry.size < this.#maxEntries) break;
      this.#expiry.delete(address);
    }
  }
}

/** The host name of a Host header: lower case, without port, brackets or a final dot. */
export function hostName(header: string | undefined): string {
  if (!header) return '';
  let host = header.trim().toLowerCase();
  if (host.startsWith('[')) host = host.slice(1, host.indexOf(']') === -1 ? undefined : host.indexOf(']'));
  else if (host.lastIndexOf(':') !== -1 && host.indexOf(':') === host.lastIndexOf(':')) host = host.slice(0, host.indexOf(':'));
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

/**
 * Whether a Host names this kit: its name, its machine name, localhost, or
 * one of its addresses. No Host at all (HTTP/1.0) counts as the kit's.
 */
export class OwnHosts {
  readonly #names: Set<string>;
  readonly #listAddresses: () => string[];
  #addresses = new Set<string>();
  #readAt = -Infinity;

  readonly #httpsName: () => string | null;

  /** `httpsName`: the name the kit's HTTPS certificate is for now, when a hub gave the kit one (docs/HTTPS.md) */
  constructor(kitHostname: string, listAddresses: () => string[] = interfaceAddresses, httpsName: () => string | null = () => null) {
    const machine = os.hostname().toLowerCase();
    this.#names = new Set([kitHostname, 'localhost', machine, `${machine}.local`]);
    this.#listAddresses = listAddresses;
    this.#httpsName = httpsName;
  }

  has(host: string): boolean {
    if (host === '' || this.#names.has(host) || host === this.#httpsName()) return true;
    if (net.isIP(host) === 0) return false;
    if (host === HOTSPOT_ADDRESS || host === '::1' || host.startsWith('127.')) return true;
    // Addresses change (wlan0 comes up after the server, Ethernet gets a lease): re-read now and then.
    const now = Date.now();
    const age = now - this.#readAt;
    if (age > 10_000 || (age > 1_000 && !this.#addresses.has(host))) {
      this.#addresses = new Set(this.#listAddresses().map((a) => a.toLowerCase()));
      this.#readAt = now;
    }
    return this.#addresses.has(host);
  }
}

function interfaceAddresses(): string[] {
  return Object.values(os.networkInterfaces())
    .flatMap((list) => list ?? [])
    .map((info) => info.address.split('%')[0] ?? info.address);
}

/**
 * A page the user navigates to (a document), as opposed to a script, image
 * or API call. Browsers say so in Sec-Fetch-Mode; older ones (common on the
 * phones a kit meets) only ask for HTML in Accept.
 */
export function isNavigation(headers: Record<string, string | string[] | undefined>): boolean {
  const mode = headers['sec-fetch-mode'];
  if (typeof mode === 'string') return mode === 'navigate';
  const accept = headers.accept;
  return typeof accept === 'string' && accept.includes('text/html');
}
