import fs from 'node:fs/promises';
import { WIFI_CHANNELS, type WifiBand } from '@kit/contract';

/**
 * The regulatory database the Linux kernel itself loads (wireless-regdb's
 * /lib/firmware/regulatory.db): per country, the frequency ranges a radio
 * may use and how. Read here so the form offers exactly the channels the
 * kernel will let hostapd use, for every country, without a table of our own.
 *
 * Format (the kernel's net/wireless/reg.c, "fwdb"): big-endian; a header
 * (magic "RGDB", version 20), then 4-byte country entries {alpha2[2],
 * collection pointer} ending with a zero pointer. Pointers are byte offsets
 * divided by 4. A collection: {len, n_rules, dfs_region}, padded to 2, then
 * n_rules 16-bit rule pointers. A rule: {len, flags, max_eirp(16), start,
 * end, max_bw (32 each, kHz)}, optional fields after.
 */

const MAGIC = 0x52474442;
const VERSION = 20;

export interface RegRule {
  startKhz: number;
  endKhz: number;
  maxBandwidthKhz: number;
  noOfdm: boolean;
  dfs: boolean;
  noIr: boolean;
}

/** Country code → its rules ("00" is the world domain). */
export type RegDb = ReadonlyMap<string, readonly RegRule[]>;

export class RegDbError extends Error {}

export function parseRegDb(data: Buffer): RegDb {
  const need = (offset: number, length: number) => {
    if (offset + length > data.length) throw new RegDbError(`regulatory.db: se corta en el byte ${offset}`);
  };
  need(0, 8);
  if (data.readUInt32BE(0) !== MAGIC) throw new RegDbError('regulatory.db: no es una base de datos de regulación (firma)');
  if (data.readUInt32BE(4) !== VERSION) throw new RegDbError(`regulatory.db: versión ${data.readUInt32BE(4)} desconocida`);
  const db = new Map<string, RegRule[]>();
  for (let entry = 8; ; entry += 4) {
    need(entry, 4);
    const collection = data.readUInt16BE(entry + 2) << 2;
    if (collection === 0) break;
    const alpha2 = data.toString('latin1', entry, entry + 2);
    need(collection, 3);
    const headerLength = data[collection]!;
    const count = data[collection + 1]!;
    const pointers = collection + headerLength + (headerLength % 2);
    need(pointers, count * 2);
    const rules: RegRule[] = [];
    for (let i = 0; i < count; i++) {
      const rule = data.readUInt16BE(pointers + 2 * i) << 2;
      need(rule, 16);
      const flags = data[rule + 1]!;
      rules.push({
        startKhz: data.readUInt32BE(rule + 4),
        endKhz: data.readUInt32BE(rule + 8),
        maxBandwidthKhz: data.readUInt32BE(rule + 12),
        noOfdm: (flags & 0x1) !== 0,
        dfs: (flags & 0x4) !== 0,
        noIr: (flags & 0x8) !== 0,
      });
    }
    db.set(alpha2, rules);
  }
  return db;
}

/** The database, or null when the file is missing or unreadable (a PC without wireless-regdb). */
export async function readRegDb(file: string): Promise<RegDb | null> {
  let data: Buffer;
  try {
    data = await fs.readFile(file);
  } catch {
    return null;
  }
  return parseRegDb(data);
}

/**
 * Centre frequency in MHz of a 20 MHz channel of BAND (the 802.11 channel
 * numbering), null when the kit's access point has no such channel
 * (WIFI_CHANNELS: 2.4 GHz channel 14 is left out, though a few countries'
 * rules cover its frequency).
 */
export function channelMhz(band: WifiBand, channel: number): number | null {
  const { first, last } = WIFI_CHANNELS[band];
  if (!Number.isInteger(channel) || channel < first || channel > last) return null;
  return (band === '2.4' ? 2407 : 5000) + 5 * channel;
}

/**
 * May an access point start on this 20 MHz channel in a country with these
 * rules? The whole channel must lie in one rule that allows 20 MHz, with
 * OFDM (802.11g/n/a), without "no initiating radiation" (an AP starts
 * transmitting on its own) and without radar detection (DFS: neither the
 * Pi's radio nor this setup waits out the radar checks).
 */
export function apMayUse(rules: readonly RegRule[], centreMhz: number): boolean {
  const low = (centreMhz - 10) * 1000;
  const high = (centreMhz + 10) * 1000;
  return rules.some((r) => r.startKhz <= low && high <= r.endKhz && r.maxBandwidthKhz >= 20_000 && !r.noOfdm && !r.noIr && !r.dfs);
}
