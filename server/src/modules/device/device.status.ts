import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DeviceStatus } from '@kit/contract';
import { diskState, type DiskRoom } from '../../disk-space.ts';
import { runProgram } from './device.scripts.ts';

/**
 * Where the kit's state is read from. Every file is readable by the
 * service's own user under kit-portal.service's hardening (vcgencmd is not:
 * PrivateDevices= hides /dev/vcio). Tests point these at fixture files.
 */
export interface DevicePaths {
  uptime: string;
  loadavg: string;
  meminfo: string;
  /** millidegrees Celsius */
  thermal: string;
  /** the Pi firmware's throttling bits, hex (Raspberry Pi kernels) */
  throttled: string;
  /** searched for the `rpi_volt` sensor's in0_lcrit_alarm (Debian kernels) */
  hwmon: string;
  /** the ARP table: phones seen recently on the Wi-Fi interface */
  arp: string;
  /** read for the SSID and max_num_sta when readable (it is root-only on a kit: KIT_WIFI_SSID says the SSID there) */
  hostapdConf: string;
  /** `iw dev <wlan> station dump` lists the associated phones (needs no privilege) */
  iw: string;
  wlan: string;
  /** wireless-regdb's regulatory database, the one the kernel loads: the channels each country allows */
  regdb: string;
}

export const DEFAULT_PATHS: Readonly<DevicePaths> = Object.freeze({
  uptime: '/proc/uptime',
  loadavg: '/proc/loadavg',
  meminfo: '/proc/meminfo',
  thermal: '/sys/class/thermal/thermal_zone0/temp',
  throttled: '/sys/devices/platform/soc/soc:firmware/get_throttled',
  hwmon: '/sys/class/hwmon',
  arp: '/proc/net/arp',
  hostapdConf: '/etc/kit-portal/hostapd.conf',
  iw: '/usr/sbin/iw',
  wlan: 'wlan0',
  regdb: '/lib/firmware/regulatory.db',
});

/** A file's text, or null when it does not exist or cannot be read (a PC, a container, another kernel). */
export async function readText(file: string): Promise<string | null> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch {
    return null;
  }
}

const finite = (n: number): number | null => (Number.isFinite(n) ? n : null);

export async function readUptime(paths: DevicePaths): Promise<number | null> {
  const text = await readText(paths.uptime);
  return text === null ? null : finite(Math.floor(Number(text.trim().split(/\s+/)[0])));
}

export async function readLoad(paths: DevicePaths): Promise<DeviceStatus['load']> {
  const text = await readText(paths.loadavg);
  if (text === null) return null;
  const [one, five, fifteen] = text.trim().split(/\s+/).slice(0, 3).map(Number);
  if (![one, five, fifteen].every((n) => Number.isFinite(n))) return null;
  return { one: one!, five: five!, fifteen: fifteen!, cores: os.availableParallelism() };
}

/** °C with one decimal, from the kernel's millidegrees. */
export async function readTemperature(paths: DevicePaths): Promise<number | null> {
  const text = await readText(paths.thermal);
  if (text === null || !/^-?\d+\s*$/.test(text)) return null;
  return Math.round(Number(text) / 100) / 10;
}

export async function readMemory(paths: DevicePaths): Promise<DeviceStatus['memory']> {
  const text = await readText(paths.meminfo);
  if (text === null) return null;
  const kib = (key: string): number | null => {
    const match = new RegExp(`^${key}:\\s+(\\d+) kB$`, 'm').exec(text);
    return match ? Number(match[1]) * 1024 : null;
  };
  const total = kib('MemTotal');
  const available = kib('MemAvailable');
  if (total === null || available === null) return null;
  return { totalBytes: total, availableBytes: available, usedBytes: total - available };
}

/** The data disk as every door sees it (disk-space.ts), or null when it cannot be read. */
export async function readDisk(room: DiskRoom): Promise<DeviceStatus['disk']> {
  try {
    return diskState(room);
  } catch {
    return null;
  }
}

/**
 * The firmware's flags, as `vcgencmd get_throttled` reports them: bits 0–3
 * now (under-voltage, ARM frequency capped, throttled, soft temperature
 * limit), bits 16–19 the same since boot. Raspberry Pi kernels expose them in
 * sysfs; Debian's kernel only has the rpi_volt sensor (under-voltage now).
 */
export async function readThrottling(paths: DevicePaths): Promise<DeviceStatus['throttling']> {
  const text = (await readText(paths.throttled))?.trim();
  if (text !== undefined && /^(0x)?[0-9a-f]+$/i.test(text)) {
    const bits = Number.parseInt(text.replace(/^0x/i, ''), 16);
    const bit = (n: number) => (bits & (1 << n)) !== 0;
    return {
      source: 'firmware',
      underVoltageNow: bit(0),
      frequencyCappedNow: bit(1),
      throttledNow: bit(2),
      softTempLimitNow: bit(3),
      underVoltageSinceBoot: bit(16),
      frequencyCappedSinceBoot: bit(17),
      throttledSinceBoot: bit(18),
      softTempLimitSinceBoot: bit(19),
    };
  }
  let sensors: string[];
  try {
    sensors = await fs.readdir(paths.hwmon);
  } catch {
    return null;
  }
  for (const sensor of sensors.sort()) {
    if ((await readText(path.join(paths.hwmon, sensor, 'name')))?.trim() !== 'rpi_volt') continue;
    const alarm = (await readText(path.join(paths.hwmon, sensor, 'in0_lcrit_alarm')))?.trim();
    if (alarm !== '0' && alarm !== '1') return null;
    return {
      source: 'hwmon',
      underVoltageNow: alarm === '1',
      frequencyCappedNow: null,
      throttledNow: null,
      softTempLimitNow: null,
      underVoltageSinceBoot: null,
      frequencyCappedSinceBoot: null,
      throttledSinceBoot: null,
      softTempLimitSinceBoot: null,
    };
  }
  return null;
}

/** `key=value` of hostapd.conf (null when the file cannot be read: root-only on a kit). */
export async function readHostapd(paths: DevicePaths): Promise<{ ssid: string | null; maxPhones: number | null }> {
  const text = await readText(paths.hostapdConf);
  if (text === null) return { ssid: null, maxPhones: null };
  const value = (key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(text)?.[1] ?? null;
  const max = Number(value('max_num_sta'));
  return { ssid: value('ssid'), maxPhones: Number.isInteger(max) && max > 0 ? max : null };
}

/** The phones associated now, by MAC address (lower case), with how long each has been: `iw dev <wlan> station dump`. */
export function parseStationDump(text: string): Map<string, { connectedSeconds: number | null }> {
  const stations = new Map<string, { connectedSeconds: number | null }>();
  let current: { connectedSeconds: number | null } | null = null;
  for (const line of text.split('\n')) {
    const station = /^Station ([0-9a-f]{2}(?::[0-9a-f]{2}){5})\b/i.exec(line);
    if (station) {
      current = { connectedSeconds: null };
      stations.set(station[1]!.toLowerCase(), current);
      continue;
    }
    const connected = /^\s+connected time:\s+(\d+) seconds/.exec(line);
    if (connected && current) current.connectedSeconds = Number(connected[1]);
  }
  return stations;
}

export async function readStations(paths: DevicePaths): Promise<Map<string, { connectedSeconds: number | null }> | null> {
  const dump = await runProgram(paths.iw, ['dev', paths.wlan, 'station', 'dump'], { timeoutMs: 3000 });
  return dump.code === 0 ? parseStationDump(dump.stdout) : null;
}

/** IPv4 address → MAC (lower case) of the complete ARP entries on the Wi-Fi interface; null when the table cannot be read. */
export async function readArp(paths: DevicePaths): Promise<Map<string, string> | null> {
  const arp = await readText(paths.arp);
  if (arp === null) return null;
  // IP address  HW type  Flags  HW address  Mask  Device; flag 0x2 = a complete entry.
  const entries = new Map<string, string>();
  for (const line of arp.split('\n').slice(1)) {
    const [ip, , flags, mac, , device] = line.trim().split(/\s+/);
    if (ip && device === paths.wlan && mac && mac !== '00:00:00:00:00:00' && (Number.parseInt(flags ?? '0', 16) & 0x2) !== 0) entries.set(ip, mac.toLowerCase());
  }
  return entries;
}

/**
 * Phones on the hotspot: the stations associated now, from `iw dev wlan0
 * station dump` (nl80211 answers it without privileges); where iw is missing
 * or fails, the phones in the ARP table on that interface (seen in the last
 * minutes, so it may count one that just left). DHCP leases are not used:
 * they last 12 hours.
 */
export async function countPhones(paths: DevicePaths): Promise<{ count: number | null; source: 'stations' | 'arp' | null }> {
  const stations = await readStations(paths);
  if (stations) return { count: stations.size, source: 'stations' };
  const arp = await readArp(paths);
  if (arp === null) return { count: null, source: null };
  return { count: new Set(arp.values()).size, source: 'arp' };
}
