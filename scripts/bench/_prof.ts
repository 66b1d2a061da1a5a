// usage: node prof.ts <dataDir> <seconds> <profDir> [path...]
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
const [dataDir, secs, profDir, ...paths] = process.argv.slice(2) as string[];
const port = 18500 + Math.floor(Math.random() * 400);
const root = '/work/wt/perf-api';
const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profDir}`, `${root}/server/src/main.ts`], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', KIT_DATA_DIR: dataDir, KIT_ADMIN_PASSWORD: 'clave-bench', LOG_LEVEL: 'silent', KIT_RENDITIONS: 'false' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (;;) { try { if ((await fetch(`${base}/api/health`)).ok) break; } catch {} await new Promise((r) => setTimeout(r, 100)); }
for (const p of paths.length ? paths : ['/api/v3/searchResource?q=agua&page=1&per_page=24', '/api/v2/resource/43', '/api/v2/categories/root/children']) {
  const r = await autocannon({ url: base + p, connections: 50, duration: Number(secs) });
  console.log(p, r.requests.average, 'req/s p99', r.latency.p99, 'non2xx', r.non2xx);
}
const exited = new Promise((r) => child.once('exit', r));
child.kill('SIGTERM'); await exited;
