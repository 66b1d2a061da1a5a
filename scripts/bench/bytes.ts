/** JS+CSS bytes, gzip and brotli, of /menu's download and of the service worker's whole precache. */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { results, rows } from './table.ts';

type Size = { files: number; raw: number; gz: number; br: number };

function size(dist: string, files: string[]): Size {
  return files.reduce((acc, f) => {
    const b = fs.readFileSync(path.join(dist, f));
    return { files: acc.files + 1, raw: acc.raw + b.length, gz: acc.gz + zlib.gzipSync(b, { level: 9 }).length, br: acc.br + zlib.brotliCompressSync(b).length };
  }, { files: 0, raw: 0, gz: 0, br: 0 });
}

export function benchBytes(dist: string): void {
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    rows.push({ figure: 'JS+CSS bytes', value: 'not measured', baseline: 'web not built (make bench builds it)', ratio: '' });
    return;
  }
  const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);
  const menuChunks = fs.readdirSync(path.join(dist, 'assets')).filter((f) => /^(Menu|menu|Portal)[^/]*\.(js|css)$/.test(f)).map((f) => `assets/${f}`);
  const menu = size(dist, [...new Set([...entry, ...menuChunks])]);
  // Workbox's manifest in sw.js: [{"url":"assets/…","revision":…}, …]
  const sw = fs.readFileSync(path.join(dist, 'sw.js'), 'utf8');
  const precached = [...new Set([...sw.matchAll(/"?url"?:\s*"([^"]+)"/g)].map((m) => m[1] as string))].filter((u) => fs.existsSync(path.join(dist, u)));
  const code = size(dist, precached.filter((u) => /\.(js|css)$/.test(u)));
  const all = size(dist, precached);
  rows.push({ figure: '/menu JS+CSS (entry + menu chunks)', value: `${kb(menu.gz)} gzip, ${kb(menu.br)} br`, baseline: 'budget 100 KB', ratio: `${(menu.br / 1024 / 100).toFixed(2)} of budget` });
  rows.push({ figure: `precache JS+CSS (${code.files} files)`, value: `${kb(code.gz)} gzip, ${kb(code.br)} br`, baseline: `/menu ${kb(menu.br)} br`, ratio: `${(code.br / menu.br).toFixed(1)}× /menu` });
  rows.push({ figure: `precache, every file (${all.files})`, value: `${kb(all.gz)} gzip, ${kb(all.br)} br`, baseline: `${kb(all.raw)} raw`, ratio: '' });
  results.bytes = { menu, precacheCode: code, precacheAll: all };
}
