/**
 * The kit's Wi-Fi for the village part (village.ts): the server in this
 * namespace on a veth, phones in network namespaces made here, all on one
 * bridge in a namespace of its own (the "air"). Everything between the kit
 * and the phones crosses one shaped hop, the bridge's port towards the kit:
 * both directions are redirected into one IFB device whose HTB class is the
 * air's rate, so downloads and uploads share it as on a half-duplex radio;
 * its FIFOs are the access point's queue and the phones' (one per
 * namespace), where the delay and jitter under load come from. A share of the frames crossing the bridge is lost
 * (nftables, bridge family, `numgen random`), where neither end sees it
 * happen, so TCP recovers from it as from a lost radio frame.
 *
 * Not emulated: the few ms of a quiet radio's own delay. This kernel has no
 * netem (CONFIG_NET_SCH_NETEM is not set and it loads no modules), and the
 * shaped queue's delay under load is far larger.
 */
import { execFileSync } from 'node:child_process';

export interface AirOptions {
  /** namespaces of phones to make, one per group */
  groups: number;
  /** the whole air's rate, both directions together, bit/s */
  bits: number;
  /** share of frames lost crossing the air, 0–1 */
  loss: number;
  /** packets the access point's queue holds before it drops */
  queuePackets: number;
}

export interface AirCounters {
  /** bytes and packets the air carried, both directions */
  bytes: number;
  packets: number;
  /** dropped by the full queue, and lost on purpose */
  queueDrops: number;
  lost: number;
}

export interface Air {
  kitIp: string;
  /** one per group: the namespace its phones run in and the words that run a command there */
  groups: { ns: string; ip: string; exec: string[] }[];
  counters(): AirCounters;
  remove(): void;
}

/** Frames as the radio sends them: a veth otherwise passes 64 KB segments whole, and one lost would be dozens of frames. */
const frames = (ns: string | null, dev: string): void => {
  run(...(ns ? ['ip', 'netns', 'exec', ns] : []), 'ethtool', '-K', dev, 'tso', 'off', 'gso', 'off', 'gro', 'off');
};
const run = (...args: string[]): string => execFileSync(args[0] ?? '', args.slice(1), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const inNs = (ns: string, ...args: string[]): string => run('ip', 'netns', 'exec', ns, ...args);

export function makeAir(o: AirOptions): Air {
  // Names and addresses from the pid, so two benches on one machine do not meet.
  const tag = String(process.pid % 10_000);
  const net = `10.${200 + (process.pid % 50)}.0`;
  const air = `kvair-${tag}`;
  const kitLink = `kvk${tag}`;
  const groups = Array.from({ length: o.groups }, (_, g) => {
    const ns = `kvph${g}-${tag}`;
    return { ns, ip: `${net}.${10 + g}`, exec: ['ip', 'netns', 'exec', ns] };
  });
  const made: string[] = [];
  const remove = (): void => {
    for (const ns of made.splice(0).reverse()) {
      try {
        run('ip', 'netns', 'del', ns);
      } catch {
        // already gone
      }
    }
    try {
      run('ip', 'link', 'del', kitLink);
    } catch {
      // went with the air's namespace (its peer was there)
    }
  };
  try {
    run('ip', 'netns', 'add', air);
    made.push(air);
    inNs(air, 'ip', 'link', 'set', 'lo', 'up');
    inNs(air, 'ip', 'link', 'add', 'air0', 'type', 'bridge');
    inNs(air, 'ip', 'link', 'set', 'air0', 'up');
    // The kit's end stays here, on the veth only: it listens on that address, nowhere else.
    run('ip', 'link', 'add', kitLink, 'type', 'veth', 'peer', 'name', 'kit', 'netns', air);
    run('ip', 'addr', 'add', `${net}.1/24`, 'dev', kitLink);
    run('ip', 'link', 'set', kitLink, 'up');
    inNs(air, 'ip', 'link', 'set', 'kit', 'master', 'air0', 'up');
    frames(null, kitLink);
    frames(air, 'kit');
    for (const [g, group] of groups.entries()) {
      run('ip', 'netns', 'add', group.ns);
      made.push(group.ns);
      run('ip', 'link', 'add', `ph${g}`, 'netns', air, 'type', 'veth', 'peer', 'name', 'wlan0', 'netns', group.ns);
      inNs(air, 'ip', 'link', 'set', `ph${g}`, 'master', 'air0', 'up');
      inNs(group.ns, 'ip', 'link', 'set', 'lo', 'up');
      inNs(group.ns, 'ip', 'addr', 'add', `${group.ip}/24`, 'dev', 'wlan0');
      inNs(group.ns, 'ip', 'link', 'set', 'wlan0', 'up');
      frames(group.ns, 'wlan0');
      frames(air, `ph${g}`);
    }
    // The air: one bucket for both directions. Its senders take turns as a radio's contention has them: the access
    // point (what the kit sends) is sure of half when the phones also send, and each namespace of phones of an equal
    // share of the other half, each with its own queue, so one phone's upload does not queue the others' requests
    // and acknowledgements behind it; whoever is alone takes the whole air.
    inNs(air, 'ip', 'link', 'add', 'airq', 'type', 'ifb');
    inNs(air, 'ip', 'link', 'set', 'airq', 'up');
    const tc = (...args: string[]): string => inNs(air, 'tc', ...args);
    const htb = (parent: string, id: string, bits: number): void => {
      tc('class', 'add', 'dev', 'airq', 'parent', parent, 'classid', id, 'htb', 'rate', `${Math.round(bits)}bit`, 'ceil', `${o.bits}bit`, 'quantum', '1514');
    };
    const queue = (id: string): void => void tc('qdisc', 'add', 'dev', 'airq', 'parent', id, 'pfifo', 'limit', String(o.queuePackets));
    // 1:10 the access point; 1:20 the phones, 1:2NN one namespace of them, 1:299 what names no phone (ARP).
    tc('qdisc', 'add', 'dev', 'airq', 'root', 'handle', '1:', 'htb', 'default', '299');
    htb('1:', '1:1', o.bits);
    htb('1:1', '1:10', o.bits / 2);
    queue('1:10');
    htb('1:1', '1:20', o.bits / 2);
    for (const id of [...groups.map((_, g) => `1:${200 + g}`), '1:299']) {
      htb('1:20', id, o.bits / 2 / (groups.length + 1));
      queue(id);
    }
    const bySource = (ip: string, id: string): void => void tc('filter', 'add', 'dev', 'airq', 'parent', '1:', 'protocol', 'ip', 'u32', 'match', 'ip', 'src', `${ip}/32`, 'flowid', id);
    bySource(`${net}.1`, '1:10');
    for (const [g, group] of groups.entries()) bySource(group.ip, `1:${200 + g}`);
    inNs(air, 'tc', 'qdisc', 'add', 'dev', 'kit', 'clsact');
    for (const way of ['ingress', 'egress']) {
      inNs(air, 'tc', 'filter', 'add', 'dev', 'kit', way, 'protocol', 'all', 'u32', 'match', 'u32', '0', '0', 'action', 'mirred', 'egress', 'redirect', 'dev', 'airq');
    }
    const perTenThousand = Math.round(o.loss * 10_000);
    inNs(air, 'nft', `add table bridge air; add chain bridge air forward { type filter hook forward priority 0; policy accept; }; add rule bridge air forward numgen random mod 10000 < ${perTenThousand} counter drop`);
  } catch (error) {
    remove();
    throw error;
  }
  return {
    kitIp: `${net}.1`,
    groups,
    counters() {
      const qdiscs = JSON.parse(inNs(air, 'tc', '-s', '-j', 'qdisc', 'show', 'dev', 'airq')) as { kind: string; bytes: number; packets: number; drops: number }[];
      const root = qdiscs.find((q) => q.kind === 'htb');
      const fifoDrops = qdiscs.filter((q) => q.kind === 'pfifo').reduce((a, q) => a + q.drops, 0);
      const lost = Number(/counter packets (\d+)/.exec(inNs(air, 'nft', 'list', 'chain', 'bridge', 'air', 'forward'))?.[1] ?? NaN);
      return { bytes: root?.bytes ?? NaN, packets: root?.packets ?? NaN, queueDrops: fifoDrops, lost };
    },
    remove,
  };
}
