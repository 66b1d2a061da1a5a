/**
 * Phone copies (docs/PERFORMANCE.md "Phone copies and the Wi-Fi"): for a
 * generated 1080p phone-like clip in H.264 and one in HEVC, the kit's own
 * video job (server/src/modules/renditions/video.ts) makes the copy, and the
 * bench reports bytes per minute of playback, the phones 30 Mbit/s of Wi-Fi
 * carries watching at once, the machine time per minute of video, and the
 * time to the first frame of the original and of the copy over a link
 * throttled by a token bucket in a network namespace made here (root only).
 * `node scripts/bench/renditions.ts` runs it alone.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { makeClip } from '../../server/test/media-maker.ts';
import { h264Encoder } from '../../server/src/modules/renditions/encoder.ts';
import { jobThreads } from '../../server/src/modules/renditions/queue.ts';
import { findTools } from '../../server/src/modules/renditions/tools.ts';
import { makeVideo } from '../../server/src/modules/renditions/video.ts';
import { childrenCpuSeconds } from './server.ts';
import { results, rows } from './table.ts';

/** A Pi 4's built-in access point in all, on 2.4 GHz (the low end of 30–40 Mbit/s). */
const WIFI_BITS = 30e6;
/** Long enough for the encoder's rate control to settle, short enough for a shared machine. */
const CLIP_SECONDS = 15;
/** The throttled link: one phone's fair share when a dozen are busy on the kit's Wi-Fi. */
const LINK = '3mbit';
/** Each side of the first-frame comparison is fetched this many times; the median is reported. */
const FIRST_FRAME_ROUNDS = 3;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** A file server that answers single ranges, as the kit's media route does, for the first-frame comparison. */
function rangeServer(files: Map<string, string>, host: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const file = files.get(req.url ?? '');
    if (!file) return void res.writeHead(404).end();
    const size = fs.statSync(file).size;
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
    let start = 0;
    let end = size - 1;
    if (range) {
      start = range[1] ? Number(range[1]) : size - Number(range[2]);
      end = range[1] && range[2] ? Math.min(size - 1, Number(range[2])) : size - 1;
    }
    res.writeHead(range ? 206 : 200, { 'content-type': 'video/mp4', 'accept-ranges': 'bytes', 'content-length': end - start + 1, ...(range ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}) });
    fs.createReadStream(file, { start, end }).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, host, () => resolve(server)));
}

/** A namespace joined to this one by a veth pair, each direction limited by a token bucket; removed by the returned function. */
function throttledNamespace(): { name: string; hostIp: string; remove: () => void } {
  const tag = `${process.pid % 100000}`;
  const name = `kitbench${tag}`;
  const host = `kbh${tag}`;
  const peer = `kbp${tag}`;
  const octet = (process.pid % 200) + 20;
  const hostIp = `10.${octet}.0.1`;
  const ip = (...args: string[]) => execFileSync('ip', args, { stdio: 'inherit' });
  const bucket = ['root', 'tbf', 'rate', LINK, 'burst', '32kbit', 'latency', '400ms'];
  ip('netns', 'add', name);
  const remove = () => {
    try {
      ip('link', 'del', host);
    } catch {
      // gone with the namespace
    }
    ip('netns', 'del', name);
  };
  try {
    ip('link', 'add', host, 'type', 'veth', 'peer', 'name', peer);
    ip('link', 'set', peer, 'netns', name);
    ip('addr', 'add', `${hostIp}/24`, 'dev', host);
    ip('link', 'set', host, 'up');
    ip('netns', 'exec', name, 'ip', 'addr', 'add', `10.${octet}.0.2/24`, 'dev', peer);
    ip('netns', 'exec', name, 'ip', 'link', 'set', peer, 'up');
    ip('netns', 'exec', name, 'ip', 'link', 'set', 'lo', 'up');
    // Both directions: the answers, and the player's requests.
    execFileSync('tc', ['qdisc', 'add', 'dev', host, ...bucket], { stdio: 'inherit' });
    ip('netns', 'exec', name, 'tc', 'qdisc', 'add', 'dev', peer, ...bucket);
  } catch (error) {
    remove();
    throw error;
  }
  return { name, hostIp, remove };
}

const run = promisify(execFile);

/**
 * Seconds until ffmpeg, in the namespace, has decoded the first frame of
 * `url` (what a phone's player must fetch first). Not synchronous: the file
 * server answering it runs in this process.
 */
async function firstFrameSeconds(namespace: string, ffmpeg: string, url: string): Promise<number> {
  const t0 = performance.now();
  await run('ip', ['netns', 'exec', namespace, ffmpeg, '-hide_banner', '-loglevel', 'error', '-nostdin', '-i', url, '-map', '0:v:0', '-frames:v', '1', '-f', 'null', '-']);
  return (performance.now() - t0) / 1000;
}

interface Clip {
  label: string;
  original: string;
  copy: string;
  seconds: number;
}

/**
 * A Pi 4's Cortex-A72 core against one core of the x86 machine the bench ran
 * on (docs/PERFORMANCE.md "What it means for a Raspberry Pi 4"), and the
 * threads a job gets on its 4 cores (queue.ts jobThreads): the CPU time
 * measured here, scaled and shared, is the estimate of the Pi's wall time.
 * CPU time rather than wall time, because a shared machine stretches the
 * latter and a job runs at nice 19.
 */
const PI_SLOWER = [3, 4] as const;
const PI_THREADS = 2;

/** Each figure as it is measured too: a long run that stops late still leaves its figures in the log. */
function report(row: (typeof rows)[number]): void {
  rows.push(row);
  console.error(`bench: ${row.figure}: ${row.value} | ${row.baseline} | ${row.ratio}`);
}

export async function benchRenditions(): Promise<void> {
  const tools = findTools();
  if (!tools.ffmpeg || !tools.ffprobe) {
    rows.push({ figure: 'phone copies', value: 'not measured', baseline: 'ffmpeg missing (scripts/ensure-test-tools.sh)', ratio: '' });
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kit-bench-renditions-'));
  const threads = jobThreads(0);
  const encoder = await h264Encoder(tools);
  const figures: Record<string, unknown> = { encoder, threads, clipSeconds: CLIP_SECONDS, wifiBits: WIFI_BITS, link: LINK };
  const clips: Clip[] = [];
  try {
    for (const codec of ['h264', 'hevc'] as const) {
      const label = `1080p ${codec === 'h264' ? 'H.264' : 'HEVC'} 12 Mbit/s`;
      const original = await makeClip(path.join(dir, `${codec}.mp4`), { width: 1920, height: 1080, seconds: CLIP_SECONDS, codec, bitrate: '12M' });
      const workDir = fs.mkdtempSync(path.join(dir, `job-${codec}-`));
      const cpu0 = childrenCpuSeconds();
      const t0 = performance.now();
      const made = await makeVideo(
        { tools, workDir, threads, stallSeconds: 120, signal: new AbortController().signal, onProgress: () => undefined, onStart: () => undefined },
        { file: original, mime: 'video/mp4' },
        fs.statSync(original).size,
      );
      const wall = (performance.now() - t0) / 1000;
      const cpu = childrenCpuSeconds() - cpu0;
      const video = made.find((m) => m.kind === 'video');
      if (!video) throw new Error(`bench: no video copy made of the ${label} clip`);
      const perMinute = (file: string) => (fs.statSync(file).size / CLIP_SECONDS) * 60;
      const phones = (file: string) => Math.floor(WIFI_BITS / ((fs.statSync(file).size * 8) / CLIP_SECONDS));
      const minutes = CLIP_SECONDS / 60;
      report({ figure: `${label}: MB per minute of playback`, value: `${(perMinute(video.file) / 1e6).toFixed(1)} MB (${video.width}×${video.height})`, baseline: `original ${(perMinute(original) / 1e6).toFixed(1)} MB`, ratio: `${(perMinute(original) / perMinute(video.file)).toFixed(1)}× lighter` });
      report({ figure: `${label}: phones watching at once on 30 Mbit/s`, value: String(phones(video.file)), baseline: `original ${phones(original)}`, ratio: '' });
      report({ figure: `${label}: machine time per minute of video (${encoder}, ${threads} threads, nice 19)`, value: `${(wall / minutes).toFixed(0)} s wall, ${(cpu / minutes).toFixed(0)} s CPU`, baseline: `Pi 4 estimate, ${PI_THREADS} threads`, ratio: `${((PI_SLOWER[0] * cpu) / PI_THREADS / minutes).toFixed(0)}–${((PI_SLOWER[1] * cpu) / PI_THREADS / minutes).toFixed(0)} s wall` });
      figures[codec] = { originalBytes: fs.statSync(original).size, copyBytes: fs.statSync(video.file).size, copyBitrate: video.bitrate, width: video.width, height: video.height, wallSeconds: wall, cpuSeconds: cpu };
      clips.push({ label, original, copy: video.file, seconds: CLIP_SECONDS });
    }
    if (process.getuid?.() !== 0) {
      rows.push({ figure: 'time to first frame over a throttled link', value: 'not measured', baseline: 'needs root for a network namespace', ratio: '' });
    } else {
      await firstFrames(tools.ffmpeg, clips, figures);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  results.renditions = figures;
}

async function firstFrames(ffmpeg: string, clips: Clip[], figures: Record<string, unknown>): Promise<void> {
  const ns = throttledNamespace();
  const files = new Map(clips.flatMap((c, i) => [[`/original-${i}.mp4`, c.original], [`/copy-${i}.mp4`, c.copy]] as const));
  const server = await rangeServer(files, ns.hostIp);
  const base = `http://${ns.hostIp}:${(server.address() as AddressInfo).port}`;
  try {
    for (const [i, clip] of clips.entries()) {
      const original: number[] = [];
      const copy: number[] = [];
      // Alternated, so a burst of other work on the machine weighs on both sides alike.
      for (let round = 0; round < FIRST_FRAME_ROUNDS; round++) {
        original.push(await firstFrameSeconds(ns.name, ffmpeg, `${base}/original-${i}.mp4`));
        copy.push(await firstFrameSeconds(ns.name, ffmpeg, `${base}/copy-${i}.mp4`));
      }
      report({ figure: `${clip.label}: time to first frame on a ${LINK}/s link (median of ${FIRST_FRAME_ROUNDS})`, value: `${median(copy).toFixed(2)} s`, baseline: `original ${median(original).toFixed(2)} s`, ratio: `${(median(original) / median(copy)).toFixed(1)}× sooner` });
      figures[`firstFrame-${i}`] = { label: clip.label, originalSeconds: original, copySeconds: copy };
    }
  } finally {
    server.closeAllConnections();
    server.close();
    ns.remove();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchRenditions();
  console.table(rows);
}
