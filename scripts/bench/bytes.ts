/**
 * Bytes a phone downloads: /menu's JS+CSS as a browser asks for them (a real
 * chromium opens the page; each file is then fetched again from the server
 * with `Accept-Encoding: gzip`, what a plain-HTTP phone gets), beside zlib -9
 * and brotli of the same files; and the service worker's whole precache.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { reach } from './goals.ts';
import { results, rows } from './table.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;

type Size = { files: number; raw: number; gz: number; br: number };

function size(dist: string, files: string[]): Size {
  return files.reduce((acc, f) => {
    const b = fs.readFileSync(path.join(dist, f));
    return { files: acc.files + 1, raw: acc.raw + b.length, gz: acc.gz + zlib.gzipSync(b, { level: 9 }).length, br: acc.br + zlib.brotliCompressSync(b).length };
  }, { files: 0, raw: 0, gz: 0, br: 0 });
}

/** The body's bytes on the wire when the client accepts gzip only. */
function gzipBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let n = 0;
      res.on('data', (b: Buffer) => { n += b.length; });
      res.on('end', () => (res.statusCode === 200 ? resolve(n) : reject(new Error(`bench: ${url} → ${res.statusCode}`))));
    }).on('error', reject);
  });
}

/** What /menu makes the browser download: its JS and CSS files, as paths under dist. */
async function menuFiles(base: string): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  try {
    const page = await browser.newPage({ serviceWorkers: 'block' });
    const files = new Set<string>();
    page.on('response', (res) => {
      const { pathname } = new URL(res.url());
      if (/\.(js|css)$/.test(pathname) && pathname.startsWith('/assets/')) files.add(pathname.slice(1));
    });
    await page.goto(`${base}/menu`, { waitUntil: 'networkidle' });
    return [...files].sort();
  } finally {
    await browser.close();
  }
}

export async function benchMenuShipped(base: string, dist: string): Promise<void> {
  const files = await menuFiles(base);
  const shipped = (await Promise.all(files.map((f) => gzipBytes(`${base}/${f}`)))).reduce((a, b) => a + b, 0);
  const local = size(dist, files);
  rows.push({ figure: `/menu JS+CSS as a browser loads it (${files.length} files), gzip as shipped`, value: kb(shipped), baseline: `zlib -9 ${kb(local.gz)}, brotli ${kb(local.br)}, raw ${kb(local.raw)}`, ratio: `${(shipped / 1024 / 100).toFixed(2)} of 100 KB` });
  reach('bytes.menuShippedGz', shipped / 1024, `zlib -9 ${kb(local.gz)}, brotli ${kb(local.br)}`);
  results.bytes = { ...(results.bytes as object), menu: { ...local, files, shippedGz: shipped } };
}

export function benchBytes(dist: string): void {
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    rows.push({ figure: 'JS+CSS bytes', value: 'not measured', baseline: 'web not built (make bench builds it)', ratio: '' });
    return;
  }
  // Workbox's manifest in sw.js: [{"url":"assets/…","revision":…}, …]
  const sw = fs.readFileSync(path.join(dist, 'sw.js'), 'utf8');
  const precached = [...new Set([...sw.matchAll(/"?url"?:\s*"([^"]+)"/g)].map((m) => m[1] as string))].filter((u) => fs.existsSync(path.join(dist, u)));
  const code = size(dist, precached.filter((u) => /\.(js|css)$/.test(u)));
  const all = size(dist, precached);
  rows.push({ figure: `precache JS+CSS (${code.files} files)`, value: `${kb(code.gz)} gzip, ${kb(code.br)} br`, baseline: `${kb(code.raw)} raw`, ratio: '' });
  rows.push({ figure: `precache, every file (${all.files})`, value: `${kb(all.gz)} gzip, ${kb(all.br)} br`, baseline: `${kb(all.raw)} raw`, ratio: '' });
  results.bytes = { ...(results.bytes as object), precacheCode: code, precacheAll: all };
}
