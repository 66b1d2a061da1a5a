/**
 * The server under a village's evening: 200 people browsing (search, resource
 * pages, categories, /menu), each asking for a page, reading it for 1–4 s and
 * asking again, first alone, then while a 300 MB video streams in through the
 * resumable upload API. Server RSS peak (the kernel's high-water mark, reset
 * before each window), event-loop delay (measured inside the server,
 * loop-probe.mjs) and browsing latency, with the upload against without it.
 * The API figures (api.ts) measure saturation; this one measures a realistic
 * crowd, so the upload's own effect shows.
 */
import { reach } from './goals.ts';
import type { BenchServer, LoopReport } from './server.ts';
import { uploadVideo } from './server.ts';
import { SETTINGS } from './settings.ts';
import { ms, pct, results, rows, times } from './table.ts';

export interface Window { loopP99: number; loopMax: number; rssPeak: number; heap: LoopReport['heap']; browseP50: number; browseP99: number; requests: number; errors: number; seconds: number }
export interface LoadFigures { alone: Window; loaded: Window; upload: { seconds: number; bytes: number }; uploadBytes: number }

const sleep = (msecs: number): Promise<void> => new Promise((r) => setTimeout(r, msecs));
export const mb = (b: number): string => `${(b / 1024 / 1024).toFixed(0)} MB`;

/** Published resources the crowd opens: ids firstId..lastId (the generated catalogue: every one is public). */
export interface Browsable { firstId: number; lastId: number }

async function browse(server: BenchServer, ids: Browsable, during: () => Promise<unknown>): Promise<Window> {
  const words = ['agua', 'salud', 'cuento', 'semilla', 'educ', 'niño'];
  const span = ids.lastId - ids.firstId + 1;
  const pages = [
    (n: number) => `/api/v3/searchResource?q=${encodeURIComponent(words[n % words.length] ?? '')}&page=1&per_page=24`,
    (n: number) => `/api/v2/resource/${ids.firstId + ((n * 7919) % span)}`,
    () => '/api/v2/categories/root/children',
    () => '/menu',
  ];
  const latencies: number[] = [];
  let errors = 0;
  let stop = false;
  const client = async (c: number): Promise<void> => {
    await sleep(Math.random() * 1000); // people do not all click in the same millisecond
    for (let n = c; !stop; n++) {
      const t0 = performance.now();
      try {
        const res = await fetch(`${server.base}${pages[n % pages.length]?.(n)}`);
        await res.arrayBuffer();
        if (!res.ok) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
      await sleep(1000 + Math.random() * 3000);
    }
  };
  server.resetRssPeak();
  await server.loopDelay(); // starts a fresh window
  const started = performance.now();
  const crowd = Array.from({ length: SETTINGS.clients }, (_, c) => client(c));
  try {
    await during();
  } finally {
    stop = true;
  }
  const seconds = (performance.now() - started) / 1000;
  const loop = await server.loopDelay();
  await Promise.all(crowd);
  return { loopP99: loop.p99, loopMax: loop.max, rssPeak: server.rssPeak(), heap: loop.heap, browseP50: pct(latencies, 0.5), browseP99: pct(latencies, 0.99), requests: latencies.length, errors, seconds };
}

/** The crowd alone, then the crowd while the video uploads. */
export async function crowdAndUpload(server: BenchServer, token: string, ids: Browsable): Promise<LoadFigures> {
  const uploadBytes = Math.round(SETTINGS.uploadMB * 1024 * 1024);
  const alone = await browse(server, ids, () => sleep(SETTINGS.crowdSeconds * 1000));
  console.error(`bench: browsing alone: ${(alone.requests / alone.seconds).toFixed(0)} req/s, p99 ${ms(alone.browseP99)}; now with the upload`);
  let upload = { seconds: NaN, bytes: 0 };
  const loaded = await browse(server, ids, async () => {
    upload = await uploadVideo(server.base, token, uploadBytes, 'Video de carga', SETTINGS.uploadDeadlineSeconds * 1000);
  });
  return { alone, loaded, upload, uploadBytes };
}

/** Rows for one crowd run; `heap` names the V8 heap sizing the server had. */
export function reportLoad(f: LoadFigures, heap: string): void {
  const label = `${SETTINGS.clients} people browsing`;
  const upMB = `${(f.uploadBytes / 1024 / 1024).toFixed(0)} MB`;
  const rate = (w: Window): string => `${(w.requests / w.seconds).toFixed(0)} req/s`;
  const { alone, loaded } = f;
  rows.push({ figure: `server RSS peak, ${label} + ${upMB} upload (${heap})`, value: mb(loaded.rssPeak), baseline: `browsing only ${mb(alone.rssPeak)}`, ratio: `${(loaded.rssPeak / alone.rssPeak).toFixed(2)}×` });
  rows.push({ figure: `event-loop delay p99, ${label} + upload (${heap})`, value: ms(loaded.loopP99), baseline: `browsing only ${ms(alone.loopP99)}`, ratio: `${(loaded.loopP99 / alone.loopP99).toFixed(2)}×` });
  rows.push({ figure: `event-loop delay max, ${label} + upload (${heap})`, value: ms(loaded.loopMax), baseline: `browsing only ${ms(alone.loopMax)}`, ratio: `${(loaded.loopMax / alone.loopMax).toFixed(2)}×` });
  rows.push({ figure: `browsing p50 / p99, ${label} + upload (${heap}, ${rate(loaded)})`, value: `${ms(loaded.browseP50)} / ${ms(loaded.browseP99)}`, baseline: `browsing only ${ms(alone.browseP50)} / ${ms(alone.browseP99)} (${rate(alone)})`, ratio: `p99 ${times(loaded.browseP99, alone.browseP99, 'lower')}` });
  const done = f.upload.bytes === f.uploadBytes ? '' : ` — cut at ${SETTINGS.uploadDeadlineSeconds} s, ${mb(f.upload.bytes)} sent`;
  rows.push({ figure: `${upMB} upload during that browsing (${heap})`, value: `${(f.upload.bytes / 1e6 / f.upload.seconds).toFixed(1)} MB/s (${f.upload.seconds.toFixed(1)} s)${done}`, baseline: '', ratio: '' });
  if (loaded.errors + alone.errors > 0) rows.push({ figure: `browsing errors (not 2xx, or no answer; ${heap})`, value: String(loaded.errors), baseline: `browsing only ${alone.errors}`, ratio: '' });
}

/** The crowd on this machine's heap sizing: its browsing and event-loop ratios are goals. */
export async function benchLoad(server: BenchServer, token: string, ids: Browsable): Promise<LoadFigures> {
  const f = await crowdAndUpload(server, token, ids);
  reportLoad(f, "this machine's heap");
  reach('load.browseP99', f.loaded.browseP99 / f.alone.browseP99, `alone ${ms(f.alone.browseP99)}, with the upload ${ms(f.loaded.browseP99)}`);
  reach('load.loopP99', f.loaded.loopP99 / f.alone.loopP99, `alone ${ms(f.alone.loopP99)}, with the upload ${ms(f.loaded.loopP99)}`);
  results.load = { clients: SETTINGS.clients, ...f };
  return f;
}
