/**
 * `make bench`: figures side by side with their baselines; prints a table and
 * writes bench/results.json. Not pass/fail. So far: search at 100k resources
 * (the real search service vs a LIKE '%q%' scan), start-up time to ready, and
 * the JS+CSS bytes of /menu and of the whole precache.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { generateCatalogue } from '../../fixtures/generate-catalogue.ts';
import { openDatabase } from '../../server/src/db/connection.ts';
import { findResources } from '../../server/src/modules/search/search.service.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const rows: { figure: string; value: string; baseline: string; ratio: string }[] = [];
const results: Record<string, unknown> = { machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version } };

const pct = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

// ── search at 100k
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kit-bench-'));
const count = Number(process.env.BENCH_RESOURCES ?? 100_000);
let t0 = performance.now();
generateCatalogue(dataDir, count);
results.generateSeconds = (performance.now() - t0) / 1000;
const db = openDatabase(path.join(dataDir, 'portal.db'));
const MIX: { q: string; type?: number; categories?: number[] }[] = [
  { q: 'xilófono' }, { q: 'xilofono' }, { q: 'agua' }, { q: 'guía' }, { q: 'educacion' }, { q: 'niño' }, { q: 'nino' },
  { q: 'educ' }, { q: 'cose' }, { q: 'cuento de agua' }, { q: 'manual salud familia' }, { q: 'agua', type: 3 }, { q: 'semilla', categories: [1] },
];
const ours: number[] = [];
const like: number[] = [];
for (let rep = 0; rep < 3; rep++) {
  for (const m of MIX) {
    t0 = performance.now();
    findResources(db, null, { q: m.q, page: 1, perPage: 24, type: m.type, categories: m.categories });
    ours.push(performance.now() - t0);
    t0 = performance.now();
    const pattern = `%${m.q}%`;
    db.prepare("SELECT id FROM resources WHERE status = 'published' AND (title LIKE ? OR description LIKE ? OR author LIKE ?) ORDER BY created_at DESC LIMIT 24").all(pattern, pattern, pattern);
    db.prepare("SELECT count(*) FROM resources WHERE status = 'published' AND (title LIKE ? OR description LIKE ? OR author LIKE ?)").get(pattern, pattern, pattern);
    like.push(performance.now() - t0);
  }
}
db.close();
const fmt = (n: number): string => `${n.toFixed(2)} ms`;
for (const [name, p] of [['p50', 0.5], ['p95', 0.95], ['max', 1]] as const) {
  const a = pct(ours, p);
  const b = pct(like, p);
  rows.push({ figure: `search ${count} ${name}`, value: fmt(a), baseline: `LIKE ${fmt(b)}`, ratio: `${(b / a).toFixed(1)}× faster` });
}
results.search = { ours, like };

// ── start-up time to ready (on that 100k database)
const port = 18000 + Math.floor(Math.random() * 1000);
t0 = performance.now();
const child = spawn(process.execPath, [path.join(root, 'server/src/main.ts')], { env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', KIT_DATA_DIR: dataDir, KIT_ADMIN_PASSWORD: 'clave-bench', LOG_LEVEL: 'silent' }, stdio: 'ignore' });
let startup = NaN;
for (let i = 0; i < 600; i++) {
  try {
    if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) {
      startup = performance.now() - t0;
      break;
    }
  } catch { /* not yet */ }
  await new Promise((r) => setTimeout(r, 20));
}
const rss = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1];
child.kill('SIGTERM');
rows.push({ figure: 'start-up to ready (100k db)', value: fmt(startup), baseline: '', ratio: '' });
rows.push({ figure: 'server RSS idle after start', value: `${(Number(rss) / 1024).toFixed(0)} MB`, baseline: '', ratio: '' });
results.startupMs = startup;

// ── bytes: /menu's JS+CSS and the whole precache
const dist = path.join(root, 'web', 'dist');
if (fs.existsSync(dist)) {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);
  const size = (files: string[]): { raw: number; gz: number; br: number } => files.reduce((acc, f) => {
    const b = fs.readFileSync(path.join(dist, f));
    return { raw: acc.raw + b.length, gz: acc.gz + zlib.gzipSync(b, { level: 9 }).length, br: acc.br + zlib.brotliCompressSync(b).length };
  }, { raw: 0, gz: 0, br: 0 });
  const menuChunks = fs.readdirSync(path.join(dist, 'assets')).filter((f) => /^(Menu|menu|Portal)[^/]*\.(js|css)$/.test(f)).map((f) => `assets/${f}`);
  const menu = size([...new Set([...entry, ...menuChunks])]);
  const sw = fs.existsSync(path.join(dist, 'sw.js')) ? fs.readFileSync(path.join(dist, 'sw.js'), 'utf8') : '';
  const precached = [...sw.matchAll(/url:\s*"([^"]+)"/g)].map((m) => m[1] as string).filter((u) => fs.existsSync(path.join(dist, u)));
  const all = size(precached);
  rows.push({ figure: '/menu JS+CSS (entry + menu chunks)', value: `${(menu.gz / 1024).toFixed(1)} KB gzip, ${(menu.br / 1024).toFixed(1)} KB br`, baseline: 'budget 100 KB', ratio: `${(menu.br / 1024 / 100).toFixed(2)} of budget` });
  rows.push({ figure: `precache (${precached.length} files)`, value: `${(all.gz / 1024).toFixed(0)} KB gzip, ${(all.br / 1024).toFixed(0)} KB br`, baseline: `${(all.raw / 1024).toFixed(0)} KB raw`, ratio: '' });
  results.bytes = { menu, precache: all };
}

fs.rmSync(dataDir, { recursive: true, force: true });
console.table(rows);
fs.mkdirSync(path.join(root, 'bench'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench', 'results.json'), `${JSON.stringify({ ...results, table: rows }, null, 2)}\n`);
