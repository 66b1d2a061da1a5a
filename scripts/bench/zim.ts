/**
 * Offline libraries against kiwix-serve (docs/PERFORMANCE.md, "Libraries: ZIM against kiwix-serve"):
 * the generated 100 000-article ZIM (zim-library.ts) brought into the kit as
 * a «Biblioteca» through the upload API, beside the bench's 100 000
 * resources; its check and search index timed; then 20 phones reading the
 * same articles from the kit (`GET /zim/{id}/{path}`) and from Debian's
 * kiwix-serve serving the same file, taking turns; the kit's RSS with the
 * file open and under the phones; and searches of its titles and text.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { RESOURCE_TYPES } from '@kit/contract';
import { seededRandom } from '../../fixtures/catalogue/random.ts';
import { openDatabase } from '../../server/src/db/connection.ts';
import { reach } from './goals.ts';
import { mb } from './load.ts';
import { idleRss } from './memory.ts';
import { phonesReading, type Reading } from './phones.ts';
import { call, loginAdmin, procCpuSeconds, procStatusBytes, startServer, until, uploadResource, type BenchServer } from './server.ts';
import { SETTINGS } from './settings.ts';
import { ms, pct, results, rows, times } from './table.ts';
import { makeBenchZim, type BenchZim } from './zim-library.ts';
import { benchZimSearch } from './zim-search.ts';

const SAMPLE = 2000;
const WARM_UP_SECONDS = 2;
const ROUNDS = 2;

const encodePath = (p: string): string => p.split('/').map(encodeURIComponent).join('/');
const per10k = (seconds: number, count: number): string => `${((seconds * 10_000) / count).toFixed(1)} s per 10 000`;

interface Kiwix { base: string; child: ChildProcess; stop(): Promise<void> }

async function startKiwix(zim: BenchZim): Promise<Kiwix> {
  const port = 20000 + Math.floor(Math.random() * 1000);
  const child = spawn('kiwix-serve', ['--address=127.0.0.1', `--port=${port}`, '--nosearchbar', zim.file], { stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  await until('kiwix-serve ready', async () => ((await fetch(`${base}/`)).ok ? true : undefined), 60_000);
  return {
    base,
    child,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Uploads the file as a library and waits for its check, then for its search index (or the deadline). */
async function bringIn(server: BenchServer, zim: BenchZim, dataDir: string): Promise<number> {
  const token = await loginAdmin(server.base);
  const handle = await fs.promises.open(zim.file);
  const upload = await uploadResource(server.base, token, {
    title: 'Enciclopedia del pueblo', type: RESOURCE_TYPES.LIBRARY, name: `${zim.name}.zim`, size: zim.bytes,
    chunk: async (_index, offset, length) => (await handle.read(Buffer.alloc(length), 0, length, offset)).buffer,
  }).finally(() => handle.close());
  const id = upload.resourceId;
  rows.push({ figure: `ZIM upload, ${mb(zim.bytes)} (resumable API)`, value: `${upload.seconds.toFixed(1)} s`, baseline: '', ratio: '' });
  const t0 = performance.now();
  await until('the library check', async () => ((await call<{ check: { state: string } }>(server.base, token, 'GET', `/v2/libraries/${id}`)).check.state === 'ok' ? true : undefined), 600_000);
  rows.push({ figure: `ZIM check (MD5 of ${mb(zim.bytes)}, in the background)`, value: `${((performance.now() - t0) / 1000).toFixed(1)} s`, baseline: '', ratio: '' });
  await timeIndexing(server, dataDir, id, zim);
  return id;
}

/** The kit's search index of the library, built in the background: titles, then text, timed from the DB's progress row. */
async function timeIndexing(server: BenchServer, dataDir: string, id: number, zim: BenchZim): Promise<void> {
  const db = openDatabase(path.join(dataDir, 'portal.db'));
  try {
    const hasIndex = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'zim_search_index'").get() !== undefined;
    if (!hasIndex) {
      rows.push({ figure: 'ZIM search index: time per 10 000 articles', value: 'not measured (no search index in this build)', baseline: '', ratio: '' });
      return;
    }
    const at = db.prepare<[number], { phase: string; done: number; total: number }>('SELECT phase, done, total FROM zim_search_index WHERE resource_id = ?');
    // Wall time stretches with whatever else the machine runs; the server's CPU time does not (it is idle but for the index).
    const cpu = (): number => procCpuSeconds(server.child.pid);
    const [t0, cpu0] = [performance.now(), cpu()];
    const end = t0 + SETTINGS.zimIndexDeadlineSeconds * 1000;
    let [titlesSeconds, titlesCpu] = [NaN, NaN];
    let row = at.get(id);
    while (performance.now() < end && row?.phase !== 'done' && row?.phase !== 'failed') {
      await new Promise((r) => setTimeout(r, 250));
      row = at.get(id);
      if (Number.isNaN(titlesSeconds) && (row?.phase === 'text' || row?.phase === 'done')) [titlesSeconds, titlesCpu] = [(performance.now() - t0) / 1000, cpu() - cpu0];
    }
    const textSeconds = (performance.now() - t0) / 1000 - titlesSeconds;
    const textCpu = cpu() - cpu0 - titlesCpu;
    const entries = zim.pages.articles.length + zim.pages.redirects.length;
    const texts = row?.phase === 'done' ? zim.pages.articles.length : (row?.done ?? 0);
    const cut = row?.phase === 'done' ? '' : ` — cut at ${SETTINGS.zimIndexDeadlineSeconds} s (${row?.phase ?? 'not started'}, ${texts} texts)`;
    // A cut index would go on in the background of the reading below: the indexer stops at its next batch once its row moved.
    if (cut) db.prepare("UPDATE zim_search_index SET phase = 'failed' WHERE resource_id = ?").run(id);
    const titles = `${zim.pages.articles.length} articles + ${zim.pages.redirects.length} redirects`;
    if (Number.isNaN(titlesSeconds)) rows.push({ figure: `ZIM search index, titles (${titles})`, value: `not finished in ${SETTINGS.zimIndexDeadlineSeconds} s`, baseline: '', ratio: '' });
    else rows.push({ figure: `ZIM search index, titles (${titles}): wall / server CPU`, value: `${titlesSeconds.toFixed(1)} s / ${titlesCpu.toFixed(1)} s`, baseline: `${per10k(titlesSeconds, entries)} / ${per10k(titlesCpu, entries)} CPU`, ratio: '' });
    if (texts > 0) rows.push({ figure: `ZIM search index, articles' text${cut}: wall / server CPU`, value: `${textSeconds.toFixed(1)} s / ${textCpu.toFixed(1)} s`, baseline: `${per10k(textSeconds, texts)} / ${per10k(textCpu, texts)} CPU`, ratio: '' });
    results.zimIndex = { titlesSeconds, titlesCpu, textSeconds, textCpu, texts, entries, phase: row?.phase ?? null };
  } finally {
    db.close();
  }
}

/** Both servers read in turns (ours, kiwix-serve, ours, …) so the machine's noise falls on both. */
async function readBoth(ours: string[], theirs: string[]): Promise<{ ours: Reading[]; theirs: Reading[] }> {
  const { zimPhones: phones, zimSeconds: seconds } = SETTINGS;
  await phonesReading(ours, phones, WARM_UP_SECONDS);
  await phonesReading(theirs, phones, WARM_UP_SECONDS);
  const out = { ours: [] as Reading[], theirs: [] as Reading[] };
  for (let round = 0; round < ROUNDS; round++) {
    out.ours.push(await phonesReading(ours, phones, seconds));
    out.theirs.push(await phonesReading(theirs, phones, seconds));
  }
  return out;
}

function reportReading(ours: Reading[], theirs: Reading[], kiwixRss: number): void {
  const all = (rs: Reading[]) => ({ firstByte: rs.flatMap((r) => r.firstByte), rps: rs.reduce((n, r) => n + r.requests, 0) / rs.reduce((s, r) => s + r.seconds, 0), errors: rs.reduce((n, r) => n + r.errors, 0) });
  const [a, b] = [all(ours), all(theirs)];
  if (a.errors + b.errors > 0) rows.push({ figure: 'ZIM reading errors (not 200, or no answer)', value: String(a.errors), baseline: `kiwix-serve ${b.errors}`, ratio: '' });
  const label = `${SETTINGS.zimPhones} phones, ${SAMPLE} articles`;
  for (const [name, p] of [['p50', 0.5], ['p95', 0.95]] as const) {
    const [x, y] = [pct(a.firstByte, p), pct(b.firstByte, p)];
    rows.push({ figure: `ZIM article first byte ${name} (${label})`, value: ms(x), baseline: `kiwix-serve ${ms(y)}`, ratio: times(x, y, 'lower') });
  }
  rows.push({ figure: `ZIM article req/s (${label})`, value: a.rps.toFixed(0), baseline: `kiwix-serve ${b.rps.toFixed(0)}`, ratio: times(a.rps, b.rps, 'higher') });
  const [p95, kp95] = [pct(a.firstByte, 0.95), pct(b.firstByte, 0.95)];
  reach('zim.articleP95', p95 / kp95, `kiwix-serve ${ms(kp95)}, ours ${ms(p95)}`);
  reach('zim.articleRps', a.rps / b.rps, `kiwix-serve ${b.rps.toFixed(0)} req/s, ours ${a.rps.toFixed(0)}`);
  results.zimReading = { ours: { p50: pct(a.firstByte, 0.5), p95, rps: a.rps, errors: a.errors }, kiwix: { p50: pct(b.firstByte, 0.5), p95: kp95, rps: b.rps, errors: b.errors, rssPeak: kiwixRss } };
}

/** The kit's RSS: idle, with the library opened and read from once, and at its peak under the phones. */
async function readAndWeigh(server: BenchServer, kiwix: Kiwix, id: number, zim: BenchZim): Promise<void> {
  const rnd = seededRandom(11);
  const sample = Array.from({ length: SAMPLE }, () => encodePath(zim.pages.articles[Math.floor(rnd() * zim.pages.articles.length)]?.path ?? ''));
  const ours = sample.map((p) => `${server.base}/zim/${id}/${p}`);
  const theirs = sample.map((p) => `${kiwix.base}/${zim.name}/${p}`);
  const idle = await idleRss(server);
  // Opening: the main page and the first 50 sampled articles, one after the other (the cluster cache fills).
  for (const url of [`${server.base}/zim/${id}/`, ...ours.slice(0, 50)]) await (await fetch(url)).arrayBuffer();
  await new Promise((r) => setTimeout(r, 1000));
  const open = server.rss();
  server.resetRssPeak();
  const reading = await readBoth(ours, theirs);
  const peak = server.rssPeak();
  const kiwixPeak = procStatusBytes(kiwix.child.pid, 'VmHWM');
  rows.push({ figure: 'server RSS added by one open ZIM (main page + 50 articles read)', value: mb(open - idle), baseline: `idle ${mb(idle)}; kiwix-serve's whole RSS ${mb(kiwixPeak)} at its peak`, ratio: '' });
  rows.push({ figure: `server RSS added while ${SETTINGS.zimPhones} phones read one ZIM (peak − idle)`, value: mb(peak - idle), baseline: `peak ${mb(peak)}`, ratio: '' });
  reach('zim.rssOpen', (open - idle) / 1024 / 1024, `idle ${mb(idle)}, with the ZIM open ${mb(open)}`);
  reach('zim.rssReading', (peak - idle) / 1024 / 1024, `idle ${mb(idle)}, peak under the phones ${mb(peak)}`);
  reportReading(reading.ours, reading.theirs, kiwixPeak);
}

export async function benchZim(dataDir: string): Promise<void> {
  const zim = await makeBenchZim(SETTINGS.zimArticles);
  const made = zim.made.pagesSeconds + zim.made.zimwriterfsSeconds;
  rows.push({
    figure: `ZIM of ${zim.pages.articles.length} articles, ${zim.pages.redirects.length} redirects, ${zim.pages.pictures} pictures: made by zimwriterfs`,
    value: `${made.toFixed(0)} s (pages ${zim.made.pagesSeconds.toFixed(0)} s, zimwriterfs ${zim.made.zimwriterfsSeconds.toFixed(0)} s)`,
    baseline: `${mb(zim.bytes)}${zim.made.cached ? ', made by an earlier run and reused' : ''}`,
    ratio: '',
  });
  results.zimFile = { bytes: zim.bytes, articles: zim.pages.articles.length, redirects: zim.pages.redirects.length, ...zim.made };
  let server = await startServer(dataDir);
  let id: number;
  try {
    id = await bringIn(server, zim, dataDir);
  } finally {
    await server.stop();
  }
  // A fresh server: its RSS before and after the file is opened tells what one library costs.
  server = await startServer(dataDir);
  const kiwix = await startKiwix(zim);
  try {
    if ((await fetch(`${server.base}/zim/${id}/`)).status === 404) rows.push({ figure: 'ZIM reading against kiwix-serve, RSS per open ZIM', value: 'not measured (the kit has no /zim/ in this build)', baseline: '', ratio: '' });
    else await readAndWeigh(server, kiwix, id, zim);
    await benchZimSearch(server, id, zim);
  } finally {
    await kiwix.stop();
    await server.stop();
  }
}
