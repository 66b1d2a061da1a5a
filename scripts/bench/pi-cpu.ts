/**
 * A Raspberry Pi 4's CPU on this machine, for the village part (village.ts):
 * cgroup v1 CPU quotas sized by how much faster one core here is than one of
 * the Pi's Cortex-A72 cores at 1.5 GHz.
 *
 * The ratio: sysbench 1.0.20's CPU test (`sysbench cpu --threads=1`, primes up
 * to 10 000), run here, against the published Pi 4 figure for the same
 * version and command, 1477.83 events/s on one core
 * (https://leoncode.co.uk/articles/raspberry-pi-benchmarks, "Sysbench").
 *
 * Two quotas, because the server's event loop is one thread: a quota of the
 * Pi's four cores in all would let that thread run at a full core here,
 * faster than any Pi core. So the server's cgroup gets four Pi cores, and
 * inside it its main thread gets one, alone; every other thread (libuv's
 * pool, V8's helpers) shares the rest of the four. A 10 ms period keeps a
 * throttled thread's pauses short, as a slower core's would be, rather than
 * 100 ms runs and stops.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { childrenCpuSeconds } from './server.ts';

const CPU_ROOT = '/sys/fs/cgroup/cpu';
/** sysbench 1.0.20, `sysbench cpu --threads=1 run`, Raspberry Pi 4 (leoncode.co.uk, see above). */
export const PI4_SYSBENCH_PER_CORE = 1477.83;
export const PI4_SYSBENCH_SOURCE = 'leoncode.co.uk/articles/raspberry-pi-benchmarks: sysbench 1.0.20 cpu, 1 thread, Raspberry Pi 4';
const PI_CORES = 4;
const PERIOD_US = 10_000;
/** Above other work's weight (1024 per task at the root): the server gets its quota even on a busy machine, never more. */
const SHARES = 8192;

/**
 * `sysbench cpu --threads=1`'s events per second of the CPU time it got, the
 * best of a few short runs: per wall second, as sysbench prints it, a shared
 * machine's other work lowers it (at load 10 on 2 cores it halved), and the
 * quota would grow with the neighbours' load.
 */
export function sysbenchPerCore(rounds = 3, seconds = 3): number {
  let best = 0;
  for (let i = 0; i < rounds; i++) {
    const cpu0 = childrenCpuSeconds();
    const out = execFileSync('sysbench', ['cpu', '--threads=1', `--time=${seconds}`, 'run'], { encoding: 'utf8' });
    const events = Number(/total number of events:\s+(\d+)/.exec(out)?.[1] ?? NaN);
    best = Math.max(best, events / (childrenCpuSeconds() - cpu0));
  }
  return best;
}

export interface PiBudget {
  /** this machine's core ÷ the Pi's, by sysbench */
  ratio: number;
  sysbenchHere: number;
  /** quotas per 10 ms period, µs: one Pi core (the event loop), four (the whole server) */
  loopQuotaUs: number;
  totalQuotaUs: number;
  periodUs: number;
  /** the four Pi cores ask for more than this machine has */
  overMachine: boolean;
}

/** The quotas for a ratio: sysbench's unless another is given (a what-if: how the kit fares if the Pi is slower than sysbench says). */
export function piBudget(sysbenchHere: number, ratio = sysbenchHere / PI4_SYSBENCH_PER_CORE): PiBudget {
  const loopQuotaUs = Math.round(PERIOD_US / ratio);
  const totalQuotaUs = PI_CORES * loopQuotaUs;
  return { ratio, sysbenchHere, loopQuotaUs, totalQuotaUs, periodUs: PERIOD_US, overMachine: totalQuotaUs > os.cpus().length * PERIOD_US };
}

export interface CpuStat { periods: number; throttled: number; throttledSeconds: number }

/** The server's cgroup and its main thread's, made for one run and removed by `remove()`. */
export interface PiCgroup {
  dir: string;
  /** words that put a command in the cgroup and exec it (startServer's launcher) */
  launcher: string[];
  /** keeps `pid`'s main thread alone in the loop's cgroup, its other threads beside it */
  follow(pid: number): void;
  stat(which: 'loop' | 'all'): CpuStat;
  remove(): void;
}

const write = (file: string, value: string | number): void => fs.writeFileSync(file, String(value));

export function makePiCgroup(name: string, budget: PiBudget): PiCgroup {
  const dir = path.join(CPU_ROOT, name);
  const loop = path.join(dir, 'loop');
  const pool = path.join(dir, 'pool');
  for (const d of [dir, loop, pool]) fs.mkdirSync(d, { recursive: true });
  write(path.join(dir, 'cpu.cfs_period_us'), budget.periodUs);
  write(path.join(dir, 'cpu.cfs_quota_us'), budget.totalQuotaUs);
  write(path.join(dir, 'cpu.shares'), SHARES);
  write(path.join(loop, 'cpu.cfs_period_us'), budget.periodUs);
  write(path.join(loop, 'cpu.cfs_quota_us'), budget.loopQuotaUs);
  let timer: NodeJS.Timeout | null = null;
  const tasks = (d: string): string[] => fs.readFileSync(path.join(d, 'tasks'), 'utf8').split('\n').filter(Boolean);
  const readStat = (d: string): CpuStat => {
    const text = fs.readFileSync(path.join(d, 'cpu.stat'), 'utf8');
    const field = (f: string): number => Number(new RegExp(`^${f} (\\d+)`, 'm').exec(text)?.[1] ?? NaN);
    return { periods: field('nr_periods'), throttled: field('nr_throttled'), throttledSeconds: field('throttled_time') / 1e9 };
  };
  return {
    dir,
    // The shell puts itself in the loop's cgroup and becomes the command: every thread the process starts is born capped.
    launcher: ['sh', '-c', `echo $$ > ${path.join(loop, 'cgroup.procs')} && exec "$@"`, 'sh'],
    follow(pid) {
      // Threads the main thread starts later (libuv's pool is started on first use) are born beside it: moved out each time.
      const sweep = (): void => {
        for (const tid of tasks(loop)) {
          if (Number(tid) === pid) continue;
          try {
            write(path.join(pool, 'tasks'), tid);
          } catch {
            // the thread ended meanwhile
          }
        }
      };
      sweep();
      timer = setInterval(sweep, 200);
      timer.unref();
      // On one core: a quota is handed to each core in 5 ms slices, and a thread that moves between cores finds its
      // budget stranded on the other and is throttled before it used it (throttled in 44 % of periods at 80 % of it).
      execFileSync('taskset', ['-p', '-c', String(os.cpus().length - 1), String(pid)], { stdio: 'ignore' });
    },
    stat: (which) => readStat(which === 'loop' ? loop : dir),
    remove() {
      if (timer) clearInterval(timer);
      // A cgroup with tasks cannot go: anything left (a server that would not stop) goes back to the root first.
      for (const d of [loop, pool, dir]) {
        if (!fs.existsSync(d)) continue;
        for (const tid of tasks(d)) {
          try {
            write(path.join(CPU_ROOT, 'tasks'), tid);
          } catch {
            // gone
          }
        }
      }
      // A cgroup's files cannot be deleted: only its empty directory, with rmdir.
      for (const d of [loop, pool, dir]) if (fs.existsSync(d)) fs.rmdirSync(d);
    },
  };
}

/**
 * The fixed workload the cap is checked with: a loop of what the server's
 * requests do most (sha256 of a chunk, JSON out and back, a regex over
 * text), on one thread, for `seconds`; prints iterations per second.
 */
const WORKLOAD = `
const { createHash } = require('node:crypto');
const doc = { id: 1, title: 'Manual de agua potable para la comunidad', tags: Array.from({ length: 40 }, (_, i) => 'etiqueta' + i), body: 'x'.repeat(2000) };
const text = 'semilla salud agua cuento '.repeat(200);
const buf = Buffer.alloc(4096, 7);
const end = Date.now() + Number(process.argv[1]) * 1000;
let n = 0;
while (Date.now() < end) {
  createHash('sha256').update(buf).digest('hex');
  JSON.parse(JSON.stringify(doc));
  /(agua|salud)\\s+cuento/g.test(text);
  n++;
}
const cpu = process.cpuUsage();
console.log(n / Number(process.argv[1]), n / ((cpu.user + cpu.system) / 1e6));
`;

/** Loops per wall second and per second of CPU the workload got. */
function workload(seconds: number, launcher: string[] = []): Promise<{ wall: number; cpu: number }> {
  return new Promise((resolve, reject) => {
    const command = [...launcher, process.execPath, '-e', WORKLOAD, String(seconds)];
    const child = spawn(command[0] ?? process.execPath, command.slice(1), { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => {
      const [wall = NaN, cpu = NaN] = out.trim().split(' ').map(Number);
      if (code === 0) resolve({ wall, cpu });
      else reject(new Error(`bench: the CPU workload exited ${code}`));
    });
  });
}

/**
 * The workload bare, then in the loop's cgroup: how much slower the cap
 * makes one thread. Bare per CPU second (a core's speed, whatever else the
 * machine runs), capped per wall second (what the quota lets it do).
 */
export async function checkCap(cgroup: PiCgroup, seconds = 4): Promise<{ bare: number; capped: number }> {
  const bare = (await workload(seconds)).cpu;
  // On one core, as the server's loop is (follow).
  const capped = (await workload(seconds, ['taskset', '-c', String(os.cpus().length - 1), ...cgroup.launcher])).wall;
  return { bare, capped };
}
