/**
 * `make bench`: figures side by side with their baselines, measured in one run
 * so the machine's noise cancels in the ratios; prints the goals (goals.ts)
 * with their ratios, then every figure, and writes bench/results.json. Not
 * pass/fail. See docs/PERFORMANCE.md. BENCH_ONLY=search,api,… runs some parts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { RESOURCE_TYPES } from '@kit/contract';
import { generateCatalogue } from '../../fixtures/generate-catalogue.ts';
import { openDatabase } from '../../server/src/db/connection.ts';
import { benchApi } from './api.ts';
import { benchBytes, benchMenuShipped } from './bytes.ts';
import { goalResults, goalRows, type LighthousePage } from './goals.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchLoad } from './load.ts';
import { benchMedia } from './media.ts';
import { benchMemory, idleRss, type ThisMachine } from './memory.ts';
import { benchRenditions } from './renditions.ts';
import { benchSearch } from './search.ts';
import { benchVillage } from './village.ts';
import { loginAdmin, startServer, uploadVideo } from './server.ts';
import { runs, SETTINGS } from './settings.ts';
import { ms, results, rows } from './table.ts';
import { benchZim } from './zim.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const dist = path.join(root, 'web', 'dist');
const began = performance.now();
// The load average tells how much other work shared the machine during the run.
results.machine = { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, date: new Date().toISOString(), loadAverageAtStart: os.loadavg() };
const step = (what: string): void => console.error(`bench: ${what} (${((performance.now() - began) / 1000).toFixed(0)} s)`);

// ── the library: the demo's (real files: the pages Lighthouse opens), then the generated catalogue
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kit-bench-'));
step('loading the demo library');
await (await startServer(dataDir, { env: { KIT_SEED_DEMO: 'true' } })).stop();
const count = SETTINGS.resources;
step(`generating ${count} resources`);
const catalogue = generateCatalogue(dataDir, count);
results.catalogue = catalogue;
rows.push({ figure: `generated catalogue: distinct title+description pairs in ${count}`, value: String(catalogue.distinctPairs), baseline: `${catalogue.vocabulary} words, ${catalogue.categories} categories`, ratio: '' });

const db = openDatabase(path.join(dataDir, 'portal.db'));
/** The demo's first published resource of a type: a video with a cover, a PDF, a picture. */
const demoOf = (type: number): number => {
  const id = db.prepare<[number], { id: number }>("SELECT id FROM resources WHERE global_id LIKE 'demo-resource-%' AND status = 'published' AND type_code = ? AND media_sha256 IS NOT NULL ORDER BY id LIMIT 1").get(type)?.id;
  if (id === undefined) throw new Error(`bench: the demo library has no published resource of type ${type}`);
  return id;
};
const pages: Record<LighthousePage, number> = { video: demoOf(RESOURCE_TYPES.VIDEO), PDF: demoOf(RESOURCE_TYPES.DOCUMENT), picture: demoOf(RESOURCE_TYPES.IMAGE) };
if (runs('search')) {
  step('search against LIKE');
  benchSearch(db, count);
}
db.close();

// ── the real server on that database: start-up, then HTTP figures
step('starting the server');
const server = await startServer(dataDir);
const here: ThisMachine = { idleRss: NaN, heapLimit: NaN, load: null };
try {
  rows.push({ figure: `start-up to ready (${count} db)`, value: ms(server.startupMs), baseline: '', ratio: '' });
  results.startupMs = server.startupMs;
  const idle = await idleRss(server);
  here.idleRss = idle;
  here.heapLimit = (await server.loopDelay()).heap.limit;
  rows.push({ figure: "server RSS idle after start (this machine's heap)", value: `${(idle / 1024 / 1024).toFixed(0)} MB`, baseline: '', ratio: '' });
  const token = await loginAdmin(server.base);

  if (runs('api')) {
    step('API against bare Fastify');
    await benchApi(server.base, catalogue.firstId);
  }
  if (runs('media')) {
    step(`uploading the ${SETTINGS.mediaMB} MB media file`);
    const bytes = Math.round(SETTINGS.mediaMB * 1024 * 1024);
    const video = await uploadVideo(server.base, token, bytes, 'Video de prueba');
    rows.push({ figure: `${SETTINGS.mediaMB} MB upload, server idle (4 MiB PATCHes)`, value: `${(bytes / 1e6 / video.seconds).toFixed(0)} MB/s (${video.seconds.toFixed(1)} s)`, baseline: '', ratio: '' });
    step('media against nginx');
    const [, sha, ext] = (video.mediaUrl ?? '').match(/([0-9a-f]{64})\.(\w+)/) ?? [];
    const file = path.join(dataDir, 'media', (sha ?? '').slice(0, 2), `${sha}.${ext}`);
    fs.chmodSync(dataDir, 0o755); // nginx's worker reads it as another user
    await benchMedia(server.base, video.mediaUrl ?? '', file, bytes);
  }
  if (runs('load')) {
    step(`${SETTINGS.clients} clients browsing, then browsing during a ${SETTINGS.uploadMB} MB upload`);
    here.load = await benchLoad(server, token, catalogue);
  }
  if (runs('lighthouse')) {
    step('Lighthouse');
    await benchLighthouse(server.base, pages);
  }
  if (runs('bytes')) {
    step('/menu as a phone downloads it');
    await benchMenuShipped(server.base, dist);
  }
} finally {
  await server.stop();
}

try {
  if (runs('memory')) {
    step(`the server again, with the V8 heap of a ${SETTINGS.piMemoryMB} MB Pi`);
    await benchMemory(dataDir, catalogue, here);
  }
  // Last on this database: the library it brings in would change what the parts above read.
  if (runs('zim')) {
    step(`a ${SETTINGS.zimArticles}-article ZIM: made, brought in, read by ${SETTINGS.zimPhones} phones beside kiwix-serve, searched`);
    await benchZim(dataDir);
  }
  // After the libraries: its phones search them too; the videos and uploads it adds change nothing above.
  if (runs('village')) {
    step(`a village evening: ${SETTINGS.villagePhones.join(', ')} phones on a shaped Wi-Fi, the server with a Pi 4's CPU`);
    await benchVillage(dataDir, catalogue);
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// ── phone copies: bytes on the air, machine time, first frame over a throttled link (renditions.ts)
if (runs('renditions')) {
  step('phone copies of a 1080p H.264 and an HEVC clip');
  await benchRenditions();
}
if (runs('bytes')) benchBytes(dist);

results.totalSeconds = (performance.now() - began) / 1000;
results.loadAverageAtEnd = os.loadavg();
rows.push({ figure: 'machine load average (1 min) at start / end', value: `${(results.machine as { loadAverageAtStart: number[] }).loadAverageAtStart[0]?.toFixed(1)} / ${os.loadavg()[0]?.toFixed(1)}`, baseline: `${os.cpus().length} cores`, ratio: '' });
step('done');
console.log('Goals (docs/PERFORMANCE.md), each measured beside its baseline in this run:');
console.table(goalRows());
console.log('Every figure:');
console.table(rows);
results.goals = goalResults();
fs.mkdirSync(path.join(root, 'bench'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench', 'results.json'), `${JSON.stringify({ ...results, table: rows }, null, 2)}\n`);
