import os from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupDeviceDirs, deviceFixtures } from '../../../test/device-helpers.ts';
import { countPhones, readDisk, readHostapd, readLoad, readMemory, readTemperature, readThrottling, readUptime } from './device.status.ts';

afterAll(cleanupDeviceDirs);

describe('device status readings from /proc and /sys (fixture files)', () => {
  it('reads uptime, load, temperature and memory as a Pi writes them', async () => {
    const { paths } = deviceFixtures();
    expect(await readUptime(paths)).toBe(12345);
    expect(await readLoad(paths)).toEqual({ one: 0.52, five: 0.58, fifteen: 0.59, cores: os.availableParallelism() });
    expect(await readTemperature(paths)).toBe(48.3);
    expect(await readMemory(paths)).toEqual({ totalBytes: 3884136 * 1024, availableBytes: 3012345 * 1024, usedBytes: (3884136 - 3012345) * 1024 });
  });

  it('gives null, not an error, for files a PC or a container does not have or that hold garbage', async () => {
    const fixtures = deviceFixtures();
    for (const name of ['uptime', 'loadavg', 'meminfo', 'thermal', 'throttled'] as const) fixtures.set(name, null);
    expect(await readUptime(fixtures.paths)).toBeNull();
    expect(await readLoad(fixtures.paths)).toBeNull();
    expect(await readTemperature(fixtures.paths)).toBeNull();
    expect(await readMemory(fixtures.paths)).toBeNull();
    expect(await readThrottling(fixtures.paths)).toBeNull(); // no hwmon folder either
    fixtures.set('thermal', 'caliente\n');
    fixtures.set('meminfo', 'MemTotal: 100 kB\n');
    fixtures.set('loadavg', 'a b c\n');
    expect(await readTemperature(fixtures.paths)).toBeNull();
    expect(await readMemory(fixtures.paths)).toBeNull();
    expect(await readLoad(fixtures.paths)).toBeNull();
  });

  it('decodes the firmware throttling bits (as vcgencmd get_throttled reports them)', async () => {
    const fixtures = deviceFixtures();
    expect(await readThrottling(fixtures.paths)).toEqual({
      source: 'firmware',
      underVoltageNow: true,
      frequencyCappedNow: false,
      throttledNow: true,
      softTempLimitNow: false,
      underVoltageSinceBoot: true,
      frequencyCappedSinceBoot: false,
      throttledSinceBoot: true,
      softTempLimitSinceBoot: false,
    });
    fixtures.set('throttled', '0\n');
    expect(await readThrottling(fixtures.paths)).toMatchObject({ underVoltageNow: false, throttledNow: false, underVoltageSinceBoot: false });
    fixtures.set('throttled', '0xa000a\n'); // capped and soft limit, now and since boot
    expect(await readThrottling(fixtures.paths)).toMatchObject({ underVoltageNow: false, frequencyCappedNow: true, softTempLimitNow: true, frequencyCappedSinceBoot: true, softTempLimitSinceBoot: true });
  });

  it("falls back to the rpi_volt sensor's alarm on Debian's kernel (under-voltage now only)", async () => {
    const fixtures = deviceFixtures();
    fixtures.set('throttled', null);
    fixtures.sensor('hwmon0', { name: 'cpu_thermal\n', temp1_input: '48312\n' });
    fixtures.sensor('hwmon1', { name: 'rpi_volt\n', in0_lcrit_alarm: '1\n' });
    const { source, underVoltageNow, ...unknown } = (await readThrottling(fixtures.paths))!;
    expect({ source, underVoltageNow }).toEqual({ source: 'hwmon', underVoltageNow: true });
    // The sensor tells under-voltage now only: the other seven flags stay unknown.
    expect(Object.keys(unknown)).toHaveLength(7);
    expect(Object.values(unknown).every((flag) => flag === null)).toBe(true);
    fixtures.sensor('hwmon1', { in0_lcrit_alarm: '0\n' });
    expect(await readThrottling(fixtures.paths)).toMatchObject({ source: 'hwmon', underVoltageNow: false });
  });

  it('counts the associated stations with iw, else the complete ARP entries on the Wi-Fi only', async () => {
    const fixtures = deviceFixtures();
    expect(await countPhones(fixtures.paths)).toEqual({ count: 3, source: 'stations' });
    fixtures.set('iw', null);
    // two complete entries on wlan0; the incomplete ones and eth0's router do not count
    expect(await countPhones(fixtures.paths)).toEqual({ count: 2, source: 'arp' });
    fixtures.set('arp', null);
    expect(await countPhones(fixtures.paths)).toEqual({ count: null, source: null });
  });

  it('reads the SSID and the station limit from hostapd.conf when it can be read', async () => {
    const fixtures = deviceFixtures();
    expect(await readHostapd(fixtures.paths)).toEqual({ ssid: null, maxPhones: null });
    fixtures.set('hostapdConf', 'interface=wlan0\nssid=Biblioteca Señora Ñu\nmax_num_sta=8\nwpa_passphrase=secreta\n');
    expect(await readHostapd(fixtures.paths)).toEqual({ ssid: 'Biblioteca Señora Ñu', maxPhones: 8 });
  });

  it('measures the disk of the data folder, and says when less than the reserve is free', async () => {
    const disk = await readDisk({ dataDir: os.tmpdir(), diskReserveBytes: 0 });
    expect(disk!.totalBytes).toBeGreaterThan(0);
    expect(disk!.freeBytes).toBeLessThanOrEqual(disk!.totalBytes);
    expect(disk!.usedBytes).toBeGreaterThanOrEqual(0);
    expect(disk!.full).toBe(false);
    expect(await readDisk({ dataDir: os.tmpdir(), diskReserveBytes: disk!.totalBytes + 1 })).toMatchObject({ full: true, reserveBytes: disk!.totalBytes + 1 });
    expect(await readDisk({ dataDir: '/no/such/folder', diskReserveBytes: 0 })).toBeNull();
  });
});
