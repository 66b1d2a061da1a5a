/**
 * The server under a village's evening: 200 people browsing (search, resource
 * pages, categories, /menu), each asking for a page, reading it for 1–4 s and
 * asking again, first alone, then while a 300 MB video streams in through the
 * resumable upload API. Server RSS (sampled from /proc), event-loop delay
 * (measured inside the server, loop-probe.ts) and browsing latency, with the
 * upload against without it. The API figures (api.ts) measure saturation; this
 * one measures a realistic crowd, so the upload's own effect shows.
 */
import type { BenchServer } from './server.ts';
import { uploadVideo } from './server.ts';
import { ms, pct, results, rows, times } from './table.ts';

const CLIENTS = 200;
const UPLOAD_BYTES = 300 * 1024 * 1024;
const ALONE_SECONDS = 15;
/** On a machine too slow or too busy the upload is cut here, so the bench still ends; the row says so. */
const UPLOAD_DEADLINE_MS = 180_000;

interface Window { loopP99: number; loopMax: number; rssPeak: number; browseP50: number; browseP99: number; requests: number; errors: number; seconds: number }

const sleep = (msecs: number): Promise<void> => new Promise((r) => setTimeout(r, msecs));

async function browse(server: BenchServer, resources: number, during: () => Promise<unknown>): Promise<Window> {
  const words = ['agua', 'salud', 'cuento', 'semilla', 'educ', 'niño'];
  const pages = [
    (n: number) => `/api/v3/searchResource?q=${encodeURIComponent(words[n % words.length] ?? '')}&page=1&per_page=24`,
    (n: number) => `/api/v2/resource/${1 + ((n * 7919) % resources)}`,
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
  let rssPeak = server.rss();
  const sampler = setInterval(() => { rssPeak = Math.max(rssPeak, server.rss()); }, 100);
  await server.loopDelay(); // starts a fresh window
  const started = performance.now();
  const crowd = Array.from({ length: CLIENTS }, (_, c) => client(c));
  try {
    await during();
  } finally {
    stop = true;
  }
  const seconds = (performance.now() - started) / 1000;
  const loop = await server.loopDelay();
  clearInterval(sampler);
  await Promise.all(crowd);
  rssPeak = Math.max(rssPeak, server.rss());
  return { loopP99: loop.p99, loopMax: loop.max, rssPeak, browseP50: pct(latencies, 0.5), browseP99: pct(latencies, 0.99), requests: latencies.length, errors, seconds };
}

export async function benchLoad(server: BenchServer, token: string, resources: number): Promise<void> {
  const alone = await browse(server, resources, () => sleep(ALONE_SECONDS * 1000));
  console.error(`bench: browsing alone: ${(alone.requests / alone.seconds).toFixed(0)} req/s, p99 ${ms(alone.browseP99)}; now with the upload`);
  let upload = { seconds: NaN, bytes: 0 };
  const loaded = await browse(server, resources, async () => {
    upload = await uploadVideo(server.base, token, UPLOAD_BYTES, 'Video de carga', UPLOAD_DEADLINE_MS);
  });
  const mb = (b: number): string => `${(b / 1024 / 1024).toFixed(0)} MB`;
  const label = `${CLIENTS} people browsing`;
  const rate = (w: Window): string => `${(w.requests / w.seconds).toFixed(0)} req/s`;
  rows.push({ figure: `server RSS peak, ${label} + 300 MB upload`, value: mb(loaded.rssPeak), baseline: `browsing only ${mb(alone.rssPeak)}`, ratio: `${(loaded.rssPeak / alone.rssPeak).toFixed(2)}×` });
  rows.push({ figure: `event-loop delay p99, ${label} + upload`, value: ms(loaded.loopP99), baseline: `browsing only ${ms(alone.loopP99)}`, ratio: `${(loaded.loopP99 / alone.loopP99).toFixed(2)}×` });
  rows.push({ figure: `event-loop delay max, ${label} + upload`, value: ms(loaded.loopMax), baseline: `browsing only ${ms(alone.loopMax)}`, ratio: `${(loaded.loopMax / alone.loopMax).toFixed(2)}×` });
  rows.push({ figure: `browsing p50 / p99, ${label} + upload (${rate(loaded)})`, value: `${ms(loaded.browseP50)} / ${ms(loaded.browseP99)}`, baseline: `browsing only ${ms(alone.browseP50)} / ${ms(alone.browseP99)} (${rate(alone)})`, ratio: `p99 ${times(loaded.browseP99, alone.browseP99, 'lower')}` });
  const done = upload.bytes === UPLOAD_BYTES ? '' : ` — cut at ${UPLOAD_DEADLINE_MS / 1000} s, ${mb(upload.bytes)} sent`;
  rows.push({ figure: '300 MB upload during that browsing', value: `${(upload.bytes / 1e6 / upload.seconds).toFixed(1)} MB/s (${upload.seconds.toFixed(1)} s)${done}`, baseline: '', ratio: '' });
  if (loaded.errors + alone.errors > 0) rows.push({ figure: 'browsing errors (not 2xx, or no answer)', value: String(loaded.errors), baseline: `browsing only ${alone.errors}`, ratio: '' });
  results.load = { clients: CLIENTS, alone, loaded, upload, uploadBytes: UPLOAD_BYTES };
}
