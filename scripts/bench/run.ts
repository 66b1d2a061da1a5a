/**
 * `make bench`: figures side by side with their baselines, measured in one run
 * so the machine's noise cancels in the ratios; prints a table and writes
 * bench/results.json. Not pass/fail. See docs/PERFORMANCE.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { generateCatalogue } from '../../fixtures/generate-catalogue.ts';
import { openDatabase } from '../../server/src/db/connection.ts';
import { benchApi } from './api.ts';
import { benchBytes } from './bytes.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchLoad } from './load.ts';
import { benchMedia } from './media.ts';
import { benchRenditions } from './renditions.ts';
import { benchSearch } from './search.ts';
import { loginAdmin, startServer, uploadVideo } from './server.ts';
import { ms, results, rows } from './table.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const began = performance.now();
// The load average tells how much other work shared the machine during the run.
results.machine = { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, date: new Date().toISOString(), loadAverageAtStart: os.loadavg() };
const step = (what: string): void => console.error(`bench: ${what} (${((performance.now() - began) / 1000).toFixed(0)} s)`);

// ── search at 100k: the real search service vs a LIKE '%q%' scan (search.ts)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kit-bench-'));
const count = Number(process.env.BENCH_RESOURCES ?? 100_000);
step(`generating ${count} resources`);
const t0 = performance.now();
generateCatalogue(dataDir, count);
results.generateSeconds = (performance.now() - t0) / 1000;
const db = openDatabase(path.join(dataDir, 'portal.db'));
benchSearch(db, count);
db.close();

// ── the real server on that database: start-up, then HTTP figures
step('starting the server');
const server = await startServer(dataDir);
try {
  rows.push({ figure: `start-up to ready (${count} db)`, value: ms(server.startupMs), baseline: '', ratio: '' });
  rows.push({ figure: 'server RSS idle after start', value: `${(server.rss() / 1024 / 1024).toFixed(0)} MB`, baseline: '', ratio: '' });
  results.startupMs = server.startupMs;
  const token = await loginAdmin(server.base);

  step('uploading the 200 MB media file');
  const MEDIA_BYTES = 200 * 1024 * 1024;
  const video = await uploadVideo(server.base, token, MEDIA_BYTES, 'Video de prueba');
  rows.push({ figure: '200 MB upload, server idle (4 MiB PATCHes)', value: `${(MEDIA_BYTES / 1e6 / video.seconds).toFixed(0)} MB/s (${video.seconds.toFixed(1)} s)`, baseline: '', ratio: '' });

  step('API against bare Fastify');
  await benchApi(server.base, 1);

  step('media against nginx');
  const [, sha, ext] = (video.mediaUrl ?? '').match(/([0-9a-f]{64})\.(\w+)/) ?? [];
  const file = path.join(dataDir, 'media', (sha ?? '').slice(0, 2), `${sha}.${ext}`);
  fs.chmodSync(dataDir, 0o755); // nginx's worker reads it as another user
  await benchMedia(server.base, video.mediaUrl ?? '', file, MEDIA_BYTES);

  step('200 clients browsing, then browsing during a 300 MB upload');
  await benchLoad(server, token, count);

  step('Lighthouse');
  await benchLighthouse(server.base, ['/menu', '/resource/1']);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// ── phone copies: bytes on the air, machine time, first frame over a throttled link (renditions.ts)
step('phone copies of a 1080p H.264 and an HEVC clip');
await benchRenditions();

benchBytes(path.join(root, 'web', 'dist'));
results.totalSeconds = (performance.now() - began) / 1000;
results.loadAverageAtEnd = os.loadavg();
rows.push({ figure: 'machine load average (1 min) at start / end', value: `${(results.machine as { loadAverageAtStart: number[] }).loadAverageAtStart[0]?.toFixed(1)} / ${os.loadavg()[0]?.toFixed(1)}`, baseline: `${os.cpus().length} cores`, ratio: '' });
step('done');
console.table(rows);
fs.mkdirSync(path.join(root, 'bench'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench', 'results.json'), `${JSON.stringify({ ...results, table: rows }, null, 2)}\n`);
