/**
 * Focused measurement, not part of `make bench`: the real server (with
 * loop-probe.mjs) on a 500-resource catalogue, its event-loop delay for 3 s
 * idle, then during a 300 MB video in 4 MiB PATCHes with nothing else running.
 * Run: node scripts/bench/upload-loop.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateCatalogue } from '../../fixtures/generate-catalogue.ts';
import { loginAdmin, startServer, uploadVideo } from './server.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kit-upload-loop-'));
generateCatalogue(dataDir, 500);
const server = await startServer(dataDir);
try {
  const token = await loginAdmin(server.base);
  await server.loopDelay();
  await new Promise((r) => setTimeout(r, 3000));
  const idle = await server.loopDelay();
  const up = await uploadVideo(server.base, token, 300 * 1024 * 1024, 'Video', 120_000);
  const loaded = await server.loopDelay();
  const f = (x: { p50: number; p99: number; max: number }) => `p50 ${x.p50.toFixed(1)} p99 ${x.p99.toFixed(1)} max ${x.max.toFixed(1)}`;
  console.log(`RESULT idle: ${f(idle)} | upload: ${f(loaded)} | ${(up.bytes / 1e6 / up.seconds).toFixed(1)} MB/s ${up.seconds.toFixed(1)} s | load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
