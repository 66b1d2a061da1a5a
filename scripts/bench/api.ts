/**
 * API JSON throughput: autocannon against the real server and against a bare
 * Fastify route answering the same captured bytes, one after the other per
 * path, so the machine's state is the same for both sides of each ratio.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { reach } from './goals.ts';
import { SETTINGS } from './settings.ts';
import { ms, results, rows, times } from './table.ts';

const CONNECTIONS = 50;

export async function cannon(opts: autocannon.Options): Promise<autocannon.Result> {
  return autocannon({ connections: CONNECTIONS, duration: SETTINGS.apiSeconds, ...opts });
}

/** Paths whose gap to the bare route is a goal (docs/PERFORMANCE.md). */
const GOAL_OF: Record<string, string> = { '/api/v2/resource/{id}': 'api.resource', '/api/v3/searchResource': 'api.search' };

export async function benchApi(base: string, resourceId: number): Promise<void> {
  const paths = ['/api/v3/searchResource?q=agua&page=1&per_page=24', `/api/v2/resource/${resourceId}`, '/api/v2/categories/root/children'];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kit-bench-bare-'));
  const answers: Record<string, { type: string; body: string }> = {};
  for (const p of paths) {
    const res = await fetch(`${base}${p}`);
    if (!res.ok) throw new Error(`bench: ${p} → ${res.status}`);
    answers[p] = { type: res.headers.get('content-type') ?? 'application/json', body: Buffer.from(await res.arrayBuffer()).toString('base64') };
  }
  fs.writeFileSync(path.join(dir, 'answers.json'), JSON.stringify(answers));
  const port = 19000 + Math.floor(Math.random() * 1000);
  const bare = spawn(process.execPath, [path.join(import.meta.dirname, 'bare-server.ts'), path.join(dir, 'answers.json'), String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    bare.stdout.once('data', resolve);
    bare.once('exit', reject);
  });
  const api: Record<string, unknown> = {};
  try {
    for (const p of paths) {
      const ours = await cannon({ url: `${base}${p}` });
      const theirs = await cannon({ url: `http://127.0.0.1:${port}${p}` });
      if (ours.non2xx || ours.errors) throw new Error(`bench: ${p} answered ${ours.non2xx} non-2xx, ${ours.errors} errors under load`);
      const name = p.split('?')[0]?.replace(/\/\d+$/, '/{id}');
      const size = Buffer.from(answers[p]?.body ?? '', 'base64').length;
      rows.push({ figure: `${name} req/s (${(size / 1024).toFixed(1)} KB, ${CONNECTIONS} conns)`, value: ours.requests.average.toFixed(0), baseline: `bare Fastify ${theirs.requests.average.toFixed(0)}`, ratio: times(ours.requests.average, theirs.requests.average, 'higher') });
      rows.push({ figure: `${name} p99`, value: ms(ours.latency.p99), baseline: `bare Fastify ${ms(theirs.latency.p99)}`, ratio: times(ours.latency.p99, theirs.latency.p99, 'lower') });
      const goal = GOAL_OF[name ?? ''];
      if (goal) reach(goal, theirs.requests.average / ours.requests.average, `bare Fastify ${theirs.requests.average.toFixed(0)} req/s, ours ${ours.requests.average.toFixed(0)}`);
      api[p] = { bytes: size, ours: { rps: ours.requests.average, p50: ours.latency.p50, p99: ours.latency.p99 }, bare: { rps: theirs.requests.average, p50: theirs.latency.p50, p99: theirs.latency.p99 } };
    }
  } finally {
    bare.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  }
  results.api = api;
}
