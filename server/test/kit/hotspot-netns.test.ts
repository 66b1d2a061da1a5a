import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, isRoot, REPO, run, SCRIPTS_DIR, tempDir, which } from './kit-helpers.ts';

// The hotspot's network as a phone meets it, without a radio: the kit's
// dnsmasq (configuration from kit-firstboot) and the real portal server in
// one network namespace, a "phone" in another, joined by a veth pair named
// wlan0 on the kit's side (hotspot-netns-harness.sh). DHCP lease, DNS for any
// name, the captive-portal flow. Needs root (network namespaces) and Debian's
// iproute2, dnsmasq-base and busybox (its DHCP client): skipped, with the
// reason in the test name, only where one is missing.
afterAll(cleanupTempDirs);

const missing = ['ip', 'dnsmasq', 'busybox'].filter((tool) => !which(tool));
const skip = !isRoot || missing.length > 0;
const reason = !isRoot ? 'not root' : `missing ${missing.join(', ')}`;

describe('the hotspot network, seen from a phone', () => {
  // As long as the harness may take (its own limit below) on a machine busy with other runs.
  it.skipIf(skip)(`gives a lease, answers every name with the kit, and sends the phone to the portal${skip ? ` (skipped: ${reason})` : ''}`, { timeout: 90_000 }, () => {
    const root = tempDir('kit-netns-root-');
    fs.mkdirSync(path.join(root, 'boot/firmware'), { recursive: true });
    fs.mkdirSync(path.join(root, 'etc'));
    fs.writeFileSync(path.join(root, 'etc/machine-id'), '0123456789abcdef0123456789abcdef\n');
    fs.writeFileSync(path.join(root, 'boot/firmware/kit-portal.txt'), 'kit_name=biblioteca.aldea\ncountry=PE\n');
    expect(run('/bin/sh', [path.join(SCRIPTS_DIR, 'kit-firstboot')], { env: { PATH: process.env.PATH, KIT_ROOT: root } }).status).toBe(0);

    // This run's own names: another run may be in flight on the same machine, with namespaces of its own.
    const tag = randomBytes(4).toString('hex');
    const own = { kit: `kit-ap-${tag}`, phone: `kit-ph-${tag}`, veths: [`kva${tag}`, `kvb${tag}`] };
    const work = tempDir('kit-netns-');
    const result = run(
      '/bin/sh',
      [
        path.join(import.meta.dirname, 'hotspot-netns-harness.sh'),
        work,
        path.join(root, 'etc/kit-portal/dnsmasq.conf'),
        process.execPath,
        path.join(REPO, 'server/src/main.ts'),
        path.join(import.meta.dirname, 'hotspot-netns-phone.ts'),
        tag,
      ],
      { env: { ...process.env, KIT_HOSTNAME: 'biblioteca.aldea' }, timeout: 60_000 },
    );
    const logs = () => ['dnsmasq.log', 'server.log', 'udhcpc.log'].map((f) => (fs.existsSync(path.join(work, f)) ? `${f}:\n${fs.readFileSync(path.join(work, f), 'utf8')}` : '')).join('\n');
    expect(result.status, result.stderr + logs()).toBe(0);

    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toBe(`names ${own.kit} ${own.phone}`);
    const [leaseLine, json] = lines.slice(-2);
    const [, ip, router, dns] = leaseLine!.split(' ');
    expect(ip).toMatch(/^10\.42\.0\.(\d+)$/);
    const host = Number(ip!.split('.')[3]);
    expect(host).toBeGreaterThanOrEqual(10);
    expect(host).toBeLessThanOrEqual(250);
    expect(router).toBe('10.42.0.1');
    expect(dns).toBe('10.42.0.1');

    const phone = JSON.parse(json!);
    expect(phone.a).toEqual({
      'biblioteca.aldea': ['10.42.0.1'],
      'connectivitycheck.gstatic.com': ['10.42.0.1'],
      'www.google.com': ['10.42.0.1'],
    });
    expect(phone.aaaa).toBe('ENODATA'); // local=/#/: "no such record", not REFUSED
    expect(phone.probeFirst).toMatchObject({ status: 302, location: 'http://biblioteca.aldea/menu' });
    expect(phone.probeAfter).toMatchObject({ status: 204, body: '' });
    expect(phone.otherHost).toMatchObject({ status: 302, location: 'http://biblioteca.aldea/menu' });
    // Nothing of this run left behind (what other runs made is theirs to remove).
    const namespaces = run('ip', ['netns', 'list']).stdout.split('\n').map((line) => line.split(' ')[0]);
    expect(namespaces).not.toContain(own.kit);
    expect(namespaces).not.toContain(own.phone);
    expect(fs.existsSync(`/etc/netns/${own.phone}`)).toBe(false);
    for (const veth of own.veths) expect(run('ip', ['link', 'show', veth]).status, veth).not.toBe(0);
  });
});
