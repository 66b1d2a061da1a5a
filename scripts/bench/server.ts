/** The real server as the bench drives it: started on loopback, logged in as admin, fed files through the resumable upload API. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { RESOURCE_TYPES } from '@kit/contract';

const root = path.resolve(import.meta.dirname, '..', '..');
const ADMIN_PASSWORD = 'clave-bench';

export interface LoopReport {
  p50: number;
  p99: number;
  max: number;
  /** V8's heap in bytes: its limit, and its sizes when the report was asked for */
  heap: { limit: number; total: number; used: number; newSpace: number | null; external: number; arrayBuffers: number };
}

export interface BenchServer {
  base: string;
  child: ChildProcess;
  /** the node flags it runs with: the heap sizing asked for, then the kit unit's */
  nodeFlags: string[];
  startupMs: number;
  /** VmRSS of the server process, bytes */
  rss(): number;
  /** the kernel's high-water mark of that RSS (VmHWM) since start or the last resetRssPeak(), bytes */
  rssPeak(): number;
  resetRssPeak(): void;
  /** event-loop delay since the previous call, and the heap now (see loop-probe.mjs) */
  loopDelay(): Promise<LoopReport>;
  stop(): Promise<void>;
}

export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const got = await probe().catch(() => undefined);
    if (got !== undefined) return got;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`bench: ${what} did not happen in ${timeoutMs} ms`);
}

/** A memory figure of a process from /proc/<pid>/status (VmRSS, VmHWM), in bytes. */
export function procStatusBytes(pid: number | undefined, field: string): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return 1024 * Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
}

/** CPU time a process (or one of its threads, `tid`) has used, user and system, in seconds (/proc/<pid>/stat, in clock ticks of 1/100 s). */
export function procCpuSeconds(pid: number | undefined, tid?: number): number {
  const stat = fs.readFileSync(tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`, 'utf8');
  // Fields after the command name, which is in brackets and may hold spaces: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds (user + system) of this process's children that have ended, from /proc/self/stat: an encoder or a benchmark run as our child. */
export function childrenCpuSeconds(): number {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  // cutime and cstime are fields 16 and 17 of the whole line, 14 and 15 after the command name.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

const kitUnit = (): string => fs.readFileSync(path.join(root, 'systemd', 'kit-portal.service'), 'utf8');

/**
 * The node flags kit-portal.service runs the server with (the words between
 * node and the script in its ExecStart): the bench measures the server as the
 * kit runs it.
 */
export function kitUnitNodeFlags(): string[] {
  const exec = /^ExecStart=(.*)$/m.exec(kitUnit())?.[1] ?? '';
  return exec.split(/\s+/).slice(1).filter((word) => word.startsWith('--'));
}

/** The malloc settings kit-portal.service gives the server (its GLIBC_TUNABLES), for the same reason. */
function kitUnitMallocEnv(): Record<string, string> {
  const tunables = /^Environment=GLIBC_TUNABLES=(\S+)$/m.exec(kitUnit())?.[1];
  return tunables ? { GLIBC_TUNABLES: tunables } : {};
}

/**
 * Starts the server on loopback as the kit's unit does (server/dist/main.mjs, its node
 * flags and malloc settings), with the probe loaded and phone copies off (the figures measure the
 * server itself, with no encoder sharing the machine; the copies have their
 * own figures, renditions.ts). `heapFlags` come first, as a machine's own
 * heap sizing does: the unit's flags override them. `env` is added to the
 * server's environment (KIT_SEED_DEMO). `host` is the address it listens on
 * (a bench link's, village.ts); `launcher` is a command that execs the words
 * after it, so the server is born where it puts itself (a CPU cgroup,
 * pi-cpu.ts) and keeps its pid.
 */
export async function startServer(dataDir: string, options: { heapFlags?: string[]; env?: Record<string, string>; host?: string; launcher?: string[] } = {}): Promise<BenchServer> {
  const port = 18000 + Math.floor(Math.random() * 1000);
  const host = options.host ?? '127.0.0.1';
  const loopFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kit-bench-loop-')), 'loop.json');
  const nodeFlags = [...(options.heapFlags ?? []), ...kitUnitNodeFlags()];
  const t0 = performance.now();
  const command = [...(options.launcher ?? []), process.execPath, ...nodeFlags, '--import', path.join(import.meta.dirname, 'loop-probe.mjs'), path.join(root, 'server/dist/main.mjs')];
  const child = spawn(command[0] ?? process.execPath, command.slice(1), {
    env: { ...process.env, PORT: String(port), HOST: host, KIT_DATA_DIR: dataDir, KIT_ADMIN_PASSWORD: ADMIN_PASSWORD, LOG_LEVEL: 'silent', BENCH_LOOP_FILE: loopFile, KIT_RENDITIONS: 'false', ...kitUnitMallocEnv(), ...options.env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://${host}:${port}`;
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`bench: the server exited (${code}) before it was ready`))));
  exited.catch(() => undefined); // a normal stop later is no error
  await Promise.race([until('server ready', async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined), 120_000), exited]);
  const startupMs = performance.now() - t0;
  const status = (field: string): number => procStatusBytes(child.pid, field);
  return {
    base,
    child,
    nodeFlags,
    startupMs,
    rss: () => status('VmRSS'),
    rssPeak: () => status('VmHWM'),
    // "5" resets the peak to the present RSS (proc(5), /proc/pid/clear_refs).
    resetRssPeak: () => fs.writeFileSync(`/proc/${child.pid}/clear_refs`, '5'),
    async loopDelay() {
      fs.rmSync(loopFile, { force: true });
      child.kill('SIGUSR2');
      return until('loop delay report', async () => (fs.existsSync(loopFile) ? JSON.parse(fs.readFileSync(loopFile, 'utf8')) as LoopReport : undefined));
    },
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(path.dirname(loopFile), { recursive: true, force: true });
    },
  };
}

export async function call<T>(base: string, token: string | null, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`bench: ${method} ${url} → ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

export async function loginAdmin(base: string): Promise<string> {
  return (await call<{ token: string }>(base, null, 'POST', '/auth', { user_name: 'admin', password: ADMIN_PASSWORD })).token;
}

/** The first 4 MiB chunk starts like an MP4 so the server's sniffing takes it as a video; the rest is incompressible. */
function videoChunk(index: number, size: number): Buffer {
  const chunk = Buffer.alloc(size);
  for (let i = 0; i < size; i += 4) chunk.writeUInt32LE((Math.imul(index * 1_000_003 + i, 2654435761) >>> 0), i);
  if (index === 0) Buffer.from('\0\0\0\x18ftypisom\0\0\x02\0isomiso2', 'latin1').copy(chunk);
  return chunk;
}

/** A resource made and filled through the resumable upload API: its bytes come from `chunk`. */
export interface UploadAsk {
  title: string;
  type: number;
  /** the file's name as a phone would send it */
  name: string;
  size: number;
  chunk(index: number, offset: number, length: number): Buffer | Promise<Buffer>;
}

/**
 * Creates a resource and uploads `ask.size` bytes to it through the resumable
 * protocol (POST /uploads, then PATCHes of the server's chunk size), as the
 * web's uploader does, then publishes it. Past `deadlineMs` it stops sending
 * and leaves the resource a draft. Returns its id, the media URL (null then),
 * the bytes sent and the seconds it took.
 */
export async function uploadResource(base: string, token: string, ask: UploadAsk, deadlineMs = Number.POSITIVE_INFINITY): Promise<{ resourceId: number; mediaUrl: string | null; bytes: number; seconds: number }> {
  const { size } = ask;
  const resource = await call<{ id: number }>(base, token, 'POST', '/v2/resources', { title: ask.title, type: ask.type, rights_declared: true, author: 'Banco de pruebas', license: 'CC0', content_type_id: 1 });
  const upload = await call<{ id: string; chunkSize: number }>(base, token, 'POST', '/uploads', { resourceId: resource.id, size, name: ask.name });
  const t0 = performance.now();
  let offset = 0;
  for (let index = 0; offset < size && performance.now() - t0 < deadlineMs; index++) {
    const body = await ask.chunk(index, offset, Math.min(upload.chunkSize, size - offset));
    const left = deadlineMs - (performance.now() - t0);
    const res = await fetch(`${base}/api/uploads/${upload.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
      body,
      ...(Number.isFinite(left) ? { signal: AbortSignal.timeout(Math.max(1, Math.ceil(left))) } : {}),
    }).catch((error: unknown) => {
      if ((error as Error).name === 'TimeoutError') return null; // the deadline passed mid-chunk
      throw error;
    });
    if (!res) break;
    if (!res.ok) throw new Error(`bench: PATCH at ${offset} → ${res.status} ${await res.text()}`);
    offset = ((await res.json()) as { offset: number }).offset;
  }
  const seconds = (performance.now() - t0) / 1000;
  if (offset < size) return { resourceId: resource.id, mediaUrl: null, bytes: offset, seconds };
  await call(base, token, 'POST', `/v2/resources/${resource.id}/submit`);
  const published = await call<{ mediaUrl: string }>(base, token, 'GET', `/v2/resource/${resource.id}`);
  return { resourceId: resource.id, mediaUrl: published.mediaUrl, bytes: offset, seconds };
}

/** A published video of `size` generated bytes (see uploadResource). */
export async function uploadVideo(base: string, token: string, size: number, title: string, deadlineMs = Number.POSITIVE_INFINITY): Promise<{ mediaUrl: string | null; bytes: number; seconds: number }> {
  return uploadResource(base, token, { title, type: RESOURCE_TYPES.VIDEO, name: `${title}.mp4`, size, chunk: (index, _offset, length) => videoChunk(index, length) }, deadlineMs);
}
