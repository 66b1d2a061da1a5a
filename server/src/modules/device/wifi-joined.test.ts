import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupDeviceDirs, deviceFixtures } from '../../../test/device-helpers.ts';
import { parseStationDump } from './device.status.ts';
import { joinedSince } from './wifi-joined.ts';

// A real `iw dev wlan0 station dump` (server/test/fixtures/wifi/): the second
// mac80211_hwsim radio, 02:00:00:00:01:00, associated for 4 seconds.
const DUMP = fs.readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures/wifi/iw-station-dump.hwsim.txt'), 'utf8');
afterAll(cleanupDeviceDirs);

function kit() {
  const fixtures = deviceFixtures();
  fixtures.set('arp', ['IP address       HW type     Flags       HW address            Mask     Device', '10.42.0.57       0x1         0x2         02:00:00:00:01:00     *        wlan0', '192.168.1.20     0x1         0x2         02:00:00:00:01:00     *        eth0', ''].join('\n'));
  fixtures.set('iw', `#!/bin/sh\n[ "$*" = "dev wlan0 station dump" ] || exit 2\ncat <<'DUMP'\n${DUMP}DUMP\n`);
  return fixtures;
}

describe('a confirmation came through the new Wi-Fi', () => {
  it('reads the stations and their connected time from real iw output', () => {
    expect([...parseStationDump(DUMP)]).toEqual([['02:00:00:00:01:00', { connectedSeconds: 4 }]]);
  });

  it('when the address is on wlan0, its phone is associated, and joined after the switch began', async () => {
    const { paths } = kit();
    const now = Date.now();
    expect(await joinedSince('10.42.0.57', now - 5_000, paths, now)).toBe('joined');
    expect(await joinedSince('::ffff:10.42.0.57', now - 5_000, paths, now)).toBe('joined');
  });

  it('not from the kit itself, its Ethernet or an address the Wi-Fi does not know', async () => {
    const { paths } = kit();
    for (const ip of ['127.0.0.1', '192.168.1.20', '10.42.0.99']) expect(await joinedSince(ip, 0, paths)).toBe('not-on-wifi');
  });

  it('not from a phone associated since before the switch (the old network)', async () => {
    const { paths } = kit();
    const now = Date.now();
    // associated 4 s ago: after a switch that began 5 s or 2 s ago (whole seconds on both sides: 3 s of slack)
    expect(await joinedSince('10.42.0.57', now - 5_000, paths, now)).toBe('joined');
    expect(await joinedSince('10.42.0.57', now - 2_000, paths, now)).toBe('joined');
    // not after one that began a second ago or later
    expect(await joinedSince('10.42.0.57', now - 500, paths, now)).toBe('joined-before');
    expect(await joinedSince('10.42.0.57', now + 60_000, paths, now)).toBe('joined-before');
  });

  it('not when the station list has no such phone, or cannot be read', async () => {
    const fixtures = kit();
    fixtures.set('iw', '#!/bin/sh\nexit 0\n');
    expect(await joinedSince('10.42.0.57', 0, fixtures.paths)).toBe('not-associated');
    fixtures.set('iw', null);
    expect(await joinedSince('10.42.0.57', 0, fixtures.paths)).toBe('not-associated');
  });
});
