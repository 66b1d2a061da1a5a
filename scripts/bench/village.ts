/**
 * A village evening (docs/PERFORMANCE.md, "A village evening"): N phones
 * (10, 20, 40, 60, 80) use the kit at once behind one link shaped like its
 * Wi-Fi (air.ts), while the server runs with a Raspberry Pi 4's CPU
 * (pi-cpu.ts) and the V8 heap of a 1 GB Pi (memory.ts). Each phone browses,
 * searches, opens resources and a third of them watch a video's phone copy
 * (village-phone.ts); one sends a large video meanwhile. Per N: page p95,
 * video start p95, stalled time, errors, the server's RSS peak and the
 * machine's load, and what the air and the CPU budget had left; then the
 * largest N within page p95 ≤ 2 s, video start p95 ≤ 2 s and stalls ≤ 1 %.
 * Needs root (namespaces, cgroups); `node scripts/bench/run.ts` with
 * BENCH_ONLY=village runs it alone.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { makeAir, type Air, type AirCounters } from './air.ts';
import { reach } from './goals.ts';
import type { Browsable } from './load.ts';
import { v8HeapFor } from './memory.ts';
import { checkCap, makePiCgroup, piBudget, PI4_SYSBENCH_PER_CORE, PI4_SYSBENCH_SOURCE, sysbenchPerCore, type CpuStat, type PiBudget, type PiCgroup } from './pi-cpu.ts';
import { loginAdmin, procCpuSeconds, startServer, type BenchServer } from './server.ts';
import { SETTINGS } from './settings.ts';
import { ms, pct, results, rows } from './table.ts';
import { addVillageVideos, type VillageVideos } from './village-library.ts';
import type { PhoneGroupJob, PhoneGroupReport } from './village-phone.ts';

/** Phones per namespace and process (see the doc: a process per phone costs ~45 MB and a CPU-second to start, for nothing the kit can tell). */
const PER_GROUP = 10;
/** The phone that sends a video to the library during the evening. */
const UPLOADER = 1;
/** The server alone before the phones come, for the loop's baseline. */
const IDLE_S = 15;
/** Phones arrive over the evening's first seconds. */
const ARRIVAL_S = 10;
/** The access point's queue: about 100 ms of the air at 30 Mbit/s. */
const QUEUE_PACKETS = 250;
const LIMITS = { pageMs: 2000, startMs: 2000, stallPercent: 1 };
/** Past these, a larger crowd can only be worse: the steps stop. The median start, not the p95: a third of ten phones watch, and one slow start is their p95. */
const CLEARLY_OVER = { pageMs: 4000, startMedianMs: 4000, stallPercent: 5 };
/** Words villagers search for (from the catalogue's vocabulary, fixtures/catalogue/). */
const WORDS = ['agua', 'salud', 'cuento', 'semilla', 'maíz', 'escuela', 'niños', 'historia', 'cultivo', 'música', 'animales', 'lectura', 'medicina', 'cocina', 'gallinas', 'lluvia'];
const PHONE_SCRIPT = path.join(import.meta.dirname, 'village-phone.ts');
const REQUIRED = ['ip', 'tc', 'nft', 'ethtool', 'sysbench', 'ffmpeg'];

export interface VillageStep {
  phones: number;
  seconds: number;
  pages: number;
  pageP95: number;
  viewers: number;
  startP95: number;
  startP50: number;
  /** page p95 of each kind of page (menu, library, search, …), and answer p95 and count of each route */
  pageP95ByKind: Record<string, number>;
  routes: Record<string, { p95: number; n: number }>;
  stallPercent: number;
  errors: number;
  requests: number;
  rssPeakMB: number;
  load1: number;
  /** the air: share of its rate used, frames lost on purpose, dropped by its full queue */
  airUsePercent: number;
  air: AirCounters;
  /** the event loop's thread, % of one Pi core; the whole server, % of four */
  loopPercentOfPiCore: number;
  serverPercentOfPi: number;
  loopThrottledPercent: number;
  serverLoopP99: number;
  upload: { MBps: number; MB: number } | null;
  /** the phones' own processes: their worst event-loop p99 and their CPU */
  clientLoopP99: number;
  clientCpuSeconds: number;
  clientMaxRssMB: number;
}

const within = (s: VillageStep): boolean => s.pageP95 <= LIMITS.pageMs && s.startP95 <= LIMITS.startMs && s.stallPercent <= LIMITS.stallPercent;
const clearlyOver = (s: VillageStep): boolean => s.pageP95 > CLEARLY_OVER.pageMs || s.startP50 > CLEARLY_OVER.startMedianMs || s.stallPercent > CLEARLY_OVER.stallPercent;

/** Tears everything down once, on the normal path, on a failure, or on Ctrl-C. */
function teardown(parts: { server: BenchServer | null; phones: Set<ChildProcess>; air: Air | null; cgroup: PiCgroup | null }): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    for (const child of parts.phones) child.kill('SIGKILL');
    parts.server?.child.kill('SIGKILL');
    parts.air?.remove();
    parts.cgroup?.remove();
  };
}

function missingTools(): string[] {
  return REQUIRED.filter((tool) => spawnSync('sh', ['-c', `command -v ${tool} || test -x /usr/sbin/${tool}`]).status !== 0);
}

/** One group's evening in its namespace; its report, or null if the process failed. */
function runGroup(air: Air, g: number, job: PhoneGroupJob, phones: Set<ChildProcess>): Promise<PhoneGroupReport | null> {
  const [command = 'ip', ...args] = air.groups[g]?.exec ?? [];
  const child = spawn(command, [...args, process.execPath, PHONE_SCRIPT], { env: { ...process.env, VILLAGE_PHONES: JSON.stringify(job) }, stdio: ['ignore', 'pipe', 'inherit'] });
  phones.add(child);
  // A group still busy long after its evening is stuck: it is ended and reported as failed.
  const overdue = setTimeout(() => child.kill('SIGKILL'), (job.seconds + 90) * 1000);
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      clearTimeout(overdue);
      phones.delete(child);
      resolve(code === 0 ? (JSON.parse(out) as PhoneGroupReport) : null);
    });
  });
}

interface Measured { server: BenchServer; air: Air; cgroup: PiCgroup; budget: PiBudget; videos: VillageVideos; catalogue: Browsable; token: string; phones: Set<ChildProcess> }

async function step(m: Measured, n: number): Promise<VillageStep> {
  const { server, air, cgroup, budget } = m;
  const pid = server.child.pid;
  const seconds = SETTINGS.villageSeconds;
  // Phone 1 uploads (phone 0 is a viewer: every third is), alone in the last namespace, so it queues for the air as
  // one phone does; the others browse in namespaces of PER_GROUP.
  const browsing = Array.from({ length: n }, (_, i) => i).filter((i) => i !== UPLOADER);
  const groups: number[][] = [];
  for (let i = 0; i < browsing.length; i += PER_GROUP) groups.push(browsing.slice(i, i + PER_GROUP));
  const job = (phones: number[], upload: boolean): PhoneGroupJob => ({
    base: server.base,
    phones,
    seconds,
    arrivalS: ARRIVAL_S,
    words: WORDS,
    firstId: m.catalogue.firstId,
    lastId: m.catalogue.lastId,
    videos: m.videos.ids,
    copyBits: m.videos.copyBits,
    upload: upload ? { phone: UPLOADER, token: m.token, bytes: Math.round(SETTINGS.villageUploadMB * 1024 * 1024) } : null,
    seed: n,
  });
  const jobs = [...groups.map((phones, g) => ({ g, job: job(phones, false) })), ...(n > UPLOADER ? [{ g: air.groups.length - 1, job: job([UPLOADER], true) }] : [])];
  const cpu0 = procCpuSeconds(pid);
  const loop0 = procCpuSeconds(pid, pid);
  const stat0 = cgroup.stat('loop');
  const air0 = air.counters();
  server.resetRssPeak();
  await server.loopDelay(); // a fresh window
  const t0 = performance.now();
  const reports = await Promise.all(jobs.map(({ g, job: j }) => runGroup(air, g, j, m.phones)));
  const took = (performance.now() - t0) / 1000;
  const loop = await server.loopDelay();
  const ok = reports.filter((r): r is PhoneGroupReport => r !== null);
  const pages = ok.flatMap((r) => r.pages);
  const viewings = ok.flatMap((r) => r.viewings);
  // A video that never started counts as the slowest start of all.
  const starts = viewings.map((v) => v.startMs ?? Number.POSITIVE_INFINITY);
  const watched = viewings.reduce((a, v) => a + v.watchedS + v.stalledS, 0);
  const stalled = viewings.reduce((a, v) => a + v.stalledS, 0);
  const air1 = air.counters();
  const stat1 = cgroup.stat('loop');
  const delta = (a: CpuStat, b: CpuStat): number => (b.periods > a.periods ? (100 * (b.throttled - a.throttled)) / (b.periods - a.periods) : 0);
  const onePiCore = (took * budget.loopQuotaUs) / budget.periodUs;
  const upload = ok.find((r) => r.upload)?.upload;
  return {
    phones: n,
    seconds: took,
    pages: pages.length,
    pageP95: pct(pages.map((p) => p.ms), 0.95),
    viewers: viewings.length,
    startP95: pct(starts, 0.95),
    startP50: pct(starts, 0.5),
    routes: routeFigures(ok),
    pageP95ByKind: Object.fromEntries([...new Set(pages.map((p) => p.kind))].map((kind) => [kind, pct(pages.filter((p) => p.kind === kind).map((p) => p.ms), 0.95)])),
    stallPercent: watched > 0 ? (100 * stalled) / watched : 0,
    // A group whose process failed counts each of its phones' evening as an error.
    errors: ok.reduce((a, r) => a + r.errors, 0) + jobs.filter((_, i) => reports[i] === null).reduce((a, j) => a + j.job.phones.length, 0),
    requests: ok.reduce((a, r) => a + r.requests, 0),
    rssPeakMB: server.rssPeak() / 1024 / 1024,
    load1: os.loadavg()[0] ?? NaN,
    airUsePercent: (100 * (air1.bytes - air0.bytes) * 8) / (SETTINGS.villageWifiMbit * 1e6 * took),
    air: { bytes: air1.bytes - air0.bytes, packets: air1.packets - air0.packets, queueDrops: air1.queueDrops - air0.queueDrops, lost: air1.lost - air0.lost },
    loopPercentOfPiCore: (100 * (procCpuSeconds(pid, pid) - loop0)) / onePiCore,
    serverPercentOfPi: (100 * (procCpuSeconds(pid) - cpu0)) / (4 * onePiCore),
    loopThrottledPercent: delta(stat0, stat1),
    serverLoopP99: loop.p99,
    upload: upload ? { MBps: upload.bytes / 1e6 / upload.seconds, MB: upload.bytes / 1e6 } : null,
    clientLoopP99: Math.max(...ok.map((r) => r.clientLoopP99Ms)),
    clientCpuSeconds: ok.reduce((a, r) => a + r.cpuSeconds, 0),
    clientMaxRssMB: Math.max(...ok.map((r) => r.maxRssMB)),
  };
}

function routeFigures(reports: PhoneGroupReport[]): Record<string, { p95: number; n: number }> {
  const all = new Map<string, number[]>();
  for (const r of reports) for (const [route, list] of Object.entries(r.byRoute)) all.set(route, [...(all.get(route) ?? []), ...list]);
  return Object.fromEntries([...all].map(([route, list]) => [route, { p95: Math.round(pct(list, 0.95)), n: list.length }]));
}

const seconds = (msecs: number): string => (Number.isFinite(msecs) ? ms(msecs) : 'never');

function reportStep(s: VillageStep): void {
  const row = {
    figure: `village evening, ${s.phones} phones (${s.viewers} watching, ${s.pages} pages, ${s.seconds.toFixed(0)} s)`,
    value: `page p95 ${seconds(s.pageP95)} · video start p95 ${seconds(s.startP95)} (median ${seconds(s.startP50)}) · stalled ${s.stallPercent.toFixed(1)} % · errors ${s.errors}/${s.requests} · RSS peak ${s.rssPeakMB.toFixed(0)} MB · load ${s.load1.toFixed(1)}`,
    baseline: `air ${s.airUsePercent.toFixed(0)} % of ${SETTINGS.villageWifiMbit} Mbit/s (${s.air.lost} frames lost, ${s.air.queueDrops} dropped by the queue); event loop ${s.loopPercentOfPiCore.toFixed(0)} % of a Pi core (throttled ${s.loopThrottledPercent.toFixed(0)} % of periods, loop p99 ${ms(s.serverLoopP99)}); server ${s.serverPercentOfPi.toFixed(0)} % of 4 Pi cores; upload ${s.upload ? `${s.upload.MBps.toFixed(2)} MB/s` : 'none'}; phones' own loop p99 ${ms(s.clientLoopP99)}`,
    ratio: within(s) ? 'within the limits' : 'over the limits',
  };
  rows.push(row);
  console.error(`bench: ${row.figure}: ${row.value} | ${row.baseline} | ${row.ratio}`);
}

function reportBudget(budget: PiBudget, cap: { bare: number; capped: number }): void {
  const cores = os.cpus().length;
  rows.push({
    figure: "village: a Pi 4's CPU here (sysbench 1.0.20 cpu, 1 thread, best of 3)",
    value: `${budget.sysbenchHere.toFixed(0)} events/s here ÷ ${PI4_SYSBENCH_PER_CORE} on a Pi 4 = ${(budget.sysbenchHere / PI4_SYSBENCH_PER_CORE).toFixed(2)}×${Number.isNaN(SETTINGS.villageCpuRatio) ? '' : `; ${budget.ratio}× used instead (BENCH_VILLAGE_CPU_RATIO)`}`,
    baseline: `quota ${budget.loopQuotaUs}/${budget.periodUs} µs for the event loop (one Pi core), ${budget.totalQuotaUs}/${budget.periodUs} µs for the server (four)${budget.overMachine ? `: more than this machine's ${cores} cores, so only the loop's quota binds` : ''}; source ${PI4_SYSBENCH_SOURCE}`,
    ratio: '',
  });
  rows.push({
    figure: 'village: the cap checked on Node (sha256 + JSON + regex loop, one thread)',
    value: `${cap.capped.toFixed(0)} loops/s capped`,
    baseline: `${cap.bare.toFixed(0)} loops/s bare`,
    ratio: `${(cap.bare / cap.capped).toFixed(2)}× slower (aimed at ${budget.ratio.toFixed(2)}×)`,
  });
}

export async function benchVillage(dataDir: string, catalogue: Browsable): Promise<void> {
  const missing = missingTools();
  if (process.getuid?.() !== 0 || missing.length > 0) {
    rows.push({ figure: 'village evening', value: 'not measured', baseline: missing.length > 0 ? `missing ${missing.join(', ')} (scripts/bench-tools.txt)` : 'needs root (network namespaces, cgroups)', ratio: '' });
    return;
  }
  const load = os.loadavg();
  rows.push({ figure: 'village: machine load average (1 / 5 / 15 min) at its start', value: load.map((l) => l.toFixed(1)).join(' / '), baseline: `${os.cpus().length} cores`, ratio: '' });
  console.error(`bench: village: load average ${load.map((l) => l.toFixed(1)).join(' / ')} on ${os.cpus().length} cores`);
  const videos = await addVillageVideos(dataDir);
  rows.push({ figure: 'village: the videos phones watch (phone copy made by the kit\'s video job)', value: `${(videos.copyBits / 1e3).toFixed(0)} kbit/s, ${(videos.copyBytes / 1e6).toFixed(1)} MB for ${videos.clipSeconds} s`, baseline: `original ${(videos.originalBytes / 1e6).toFixed(1)} MB${videos.cached ? ', made in an earlier run' : ''}`, ratio: '' });
  const here = sysbenchPerCore();
  const budget = Number.isNaN(SETTINGS.villageCpuRatio) ? piBudget(here) : piBudget(here, SETTINGS.villageCpuRatio);
  const parts: { server: BenchServer | null; phones: Set<ChildProcess>; air: Air | null; cgroup: PiCgroup | null } = { server: null, phones: new Set(), air: null, cgroup: null };
  const cleanup = teardown(parts);
  const onSignal = (signal: NodeJS.Signals): void => {
    cleanup();
    process.kill(process.pid, signal);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  process.once('exit', cleanup);
  const steps: VillageStep[] = [];
  let idleLoop: number | undefined;
  try {
    parts.cgroup = makePiCgroup(`kit-village-${process.pid}`, budget);
    const cap = await checkCap(parts.cgroup);
    reportBudget(budget, cap);
    // One namespace more: the uploading phone's.
    parts.air = makeAir({ groups: Math.ceil(Math.max(...SETTINGS.villagePhones) / PER_GROUP) + 1, bits: SETTINGS.villageWifiMbit * 1e6, loss: SETTINGS.villageLossPercent / 100, queuePackets: QUEUE_PACKETS });
    const pi = v8HeapFor(SETTINGS.piMemoryMB);
    const t0 = performance.now();
    const server = await startServer(dataDir, { heapFlags: pi.flags, host: parts.air.kitIp, launcher: parts.cgroup.launcher });
    parts.server = server;
    parts.cgroup.follow(server.child.pid ?? NaN);
    rows.push({ figure: "village: start-up to ready with a Pi 4's CPU and heap", value: ms(performance.now() - t0), baseline: '', ratio: '' });
    const m: Measured = { server, air: parts.air, cgroup: parts.cgroup, budget, videos, catalogue, token: await loginAdmin(server.base), phones: parts.phones };
    // The baseline of the loop's figures: what the server does with no phone at all, in the same budget.
    const idle0 = procCpuSeconds(server.child.pid, server.child.pid);
    await new Promise((r) => setTimeout(r, IDLE_S * 1000));
    idleLoop = (100 * (procCpuSeconds(server.child.pid, server.child.pid) - idle0)) / ((IDLE_S * budget.loopQuotaUs) / budget.periodUs);
    rows.push({ figure: `village: the server idle for ${IDLE_S} s before the phones`, value: `event loop ${idleLoop.toFixed(0)} % of a Pi core`, baseline: '', ratio: '' });
    console.error(`bench: village: idle server, event loop ${idleLoop.toFixed(0)} % of a Pi core`);
    for (const n of SETTINGS.villagePhones) {
      console.error(`bench: village evening, ${n} phones for ${SETTINGS.villageSeconds} s`);
      const s = await step(m, n);
      steps.push(s);
      reportStep(s);
      if (clearlyOver(s)) break;
    }
    await server.stop();
    parts.server = null;
  } finally {
    cleanup();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    process.off('exit', cleanup);
  }
  // The largest crowd before the first one over the limits: a larger one that passed by luck after a failure is not counted.
  const firstOver = steps.findIndex((s) => !within(s));
  const passed = firstOver === -1 ? steps : steps.slice(0, firstOver);
  const best = passed.at(-1)?.phones ?? 0;
  const over = firstOver === -1 ? `none over the limits up to ${steps.at(-1)?.phones ?? 0}` : `${steps[firstOver]?.phones} phones over the limits`;
  rows.push({ figure: 'village: most phones within page p95 ≤ 2 s, video start p95 ≤ 2 s, stalls ≤ 1 %', value: `${best}`, baseline: over, ratio: '' });
  reach('village.phones', best, over);
  results.village = { budget, idleLoopPercentOfPiCore: idleLoop ?? null, videos, steps, limits: LIMITS, perGroup: PER_GROUP, queuePackets: QUEUE_PACKETS, wifiMbit: SETTINGS.villageWifiMbit, lossPercent: SETTINGS.villageLossPercent };
}
