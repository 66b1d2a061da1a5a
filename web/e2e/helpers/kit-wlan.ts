import { execFileSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

export interface KitWlan {
  /** where the kit listens and the browser reaches it */
  kitAddress: string;
  /** the browser's side: the address the kit sees a request come from */
  phoneAddress: string;
  /** prefix for startServer's LAUNCH: the server in the kit's network namespace, with the stand-in iw */
  launch: string[];
  remove: () => void;
}

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: 'pipe' }).toString();

/**
 * The kit's Wi-Fi without a radio, for a journey whose browser must be "on
 * the kit's Wi-Fi": a network namespace of its own for the kit whose end of a
 * veth pair is named wlan0, the other end left on this machine with the
 * browser. A request from the browser really crosses the kit's wlan0, so the
 * kit's ARP table holds the browser's address there, as for a phone. Only the
 * radio is pretended: the kit's `iw dev wlan0 station dump` (bind-mounted
 * over iw in the server's own mount namespace) lists the browser's side as a
 * station associated since the pretend hotspot last (re)started, which is
 * when STATE_FILE (the fake systemctl's hostapd state) was last written.
 * Names and the subnet are new for every run, so parallel runs never collide.
 */
export function kitWlan(dir: string, stateFile: string): KitWlan {
  const tag = randomBytes(4).toString('hex');
  const ns = `kit-e2e-${tag}`;
  const [phoneLink, kitLink] = [`kwa${tag}`, `kwb${tag}`];
  const subnet = `10.${randomInt(100, 250)}.${randomInt(0, 256)}`;
  const kitAddress = `${subnet}.1`;
  const phoneAddress = `${subnet}.2`;
  ip('netns', 'add', ns);
  try {
    ip('link', 'add', phoneLink, 'type', 'veth', 'peer', 'name', kitLink);
    ip('link', 'set', kitLink, 'netns', ns);
    ip('-n', ns, 'link', 'set', kitLink, 'name', 'wlan0');
    ip('-n', ns, 'link', 'set', 'lo', 'up');
    ip('-n', ns, 'link', 'set', 'wlan0', 'up');
    ip('-n', ns, 'address', 'add', `${kitAddress}/24`, 'dev', 'wlan0');
    ip('address', 'add', `${phoneAddress}/24`, 'dev', phoneLink);
    ip('link', 'set', phoneLink, 'up');
  } catch (error) {
    ip('netns', 'del', ns);
    throw error;
  }
  const mac = (JSON.parse(ip('-j', 'link', 'show', phoneLink)) as { address: string }[])[0]?.address ?? '';
  const iw = path.join(dir, 'iw-station-dump');
  writeFileSync(
    iw,
    [
      '#!/bin/sh',
      '[ "$*" = "dev wlan0 station dump" ] || { echo "command failed: No such device (-19)" >&2; exit 1; }',
      `since=$(stat -c %Y '${stateFile}')`,
      `printf 'Station ${mac} (on wlan0)\\n\\tinactive time:\\t120 ms\\n\\tconnected time:\\t%s seconds\\n' "$(( $(date +%s) - since ))"`,
      '',
    ].join('\n'),
    { mode: 0o755 },
  );
  return {
    kitAddress,
    phoneAddress,
    launch: ['ip', 'netns', 'exec', ns, 'unshare', '--mount', '--propagation', 'private', 'sh', '-c', 'mount --bind "$0" /usr/sbin/iw && exec "$@"', iw],
    remove: () => {
      // deleting the namespace deletes its veth end, and with it the pair
      ip('netns', 'del', ns);
    },
  };
}
