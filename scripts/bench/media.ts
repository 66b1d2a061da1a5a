/**
 * Media MB/s: 1 MiB range reads and whole-file reads of one stored file, from
 * the real server's media route and from nginx serving the same file on disk
 * (same page cache), each pair run one after the other.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { cannon } from './api.ts';
import { reach } from './goals.ts';
import { results, rows, times } from './table.ts';

const MiB = 1024 * 1024;
const WHOLE_FILE_CONNECTIONS = 2;

function findNginx(): string | null {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/sbin']) {
    if (dir && fs.existsSync(path.join(dir, 'nginx'))) return path.join(dir, 'nginx');
  }
  return null;
}

/** nginx on loopback with its own config, logs and pid in a temp dir; nothing of the system's nginx is used. */
async function startNginx(binary: string, rootDir: string): Promise<{ url: string; child: ChildProcess; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kit-bench-nginx-'));
  const port = 20000 + Math.floor(Math.random() * 1000);
  const temp = ['client_body', 'proxy'].map((t) => `${t}_temp_path ${dir}/${t};`).join(' ');
  fs.writeFileSync(path.join(dir, 'nginx.conf'), `${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  access_log off; ${temp}
  sendfile on; tcp_nopush on; keepalive_timeout 72s;
  types { video/mp4 mp4; }
  server { listen 127.0.0.1:${port}; root ${rootDir}; }
}
`);
  const child = spawn(binary, ['-e', `${dir}/error.log`, '-p', dir, '-c', `${dir}/nginx.conf`, '-g', 'daemon off;'], { stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 250; i++) {
    if (await fetch(url).then(() => true, () => false)) return { url, child, dir };
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill('SIGTERM');
  throw new Error('bench: nginx did not start');
}

export async function benchMedia(base: string, mediaUrl: string, file: string, size: number): Promise<void> {
  const binary = findNginx();
  if (!binary) {
    rows.push({ figure: 'media MB/s', value: 'not measured', baseline: 'nginx missing (scripts/bench-tools.txt)', ratio: '' });
    return;
  }
  const nginx = await startNginx(binary, path.dirname(path.dirname(file)));
  const nginxPath = `/${path.basename(path.dirname(file))}/${path.basename(file)}`;
  const randomRange = (req: autocannon.Request): autocannon.Request => {
    const start = Math.floor(Math.random() * (size - MiB));
    return { ...req, headers: { ...req.headers, range: `bytes=${start}-${start + MiB - 1}` } };
  };
  const media: Record<string, unknown> = {};
  const mbps = (bytes: number, seconds: number): number => bytes / 1e6 / seconds;
  const report = (kind: string, goal: string, conns: number, ours: number, theirs: number): void => {
    rows.push({ figure: `media ${kind} (${(size / 1e6).toFixed(0)} MB file, ${conns} conns)`, value: `${ours.toFixed(0)} MB/s`, baseline: `nginx ${theirs.toFixed(0)} MB/s`, ratio: times(ours, theirs, 'higher') });
    reach(goal, (100 * ours) / theirs, `nginx ${theirs.toFixed(0)} MB/s, ours ${ours.toFixed(0)} MB/s`);
    media[kind] = { oursMBps: ours, nginxMBps: theirs, percentOfNginx: (100 * ours) / theirs };
  };
  try {
    const ranges = { connections: 10, requests: [{ setupRequest: randomRange }] };
    const ours = await cannon({ url: `${base}${mediaUrl}`, ...ranges });
    const theirs = await cannon({ url: `${nginx.url}${nginxPath}`, ...ranges });
    if (ours.non2xx || theirs.non2xx || ours.errors) throw new Error(`bench: media range reads answered non-2xx or errors (ours ${ours.non2xx}/${ours.errors}, nginx ${theirs.non2xx})`);
    report('1 MiB range reads', 'media.range', ranges.connections, ours.throughput.average / 1e6, theirs.throughput.average / 1e6);
    // Whole files: a few complete downloads at once, timed from first byte asked to last byte read.
    const whole = async (url: string): Promise<number> => {
      const t0 = performance.now();
      const sizes = await Promise.all(Array.from({ length: WHOLE_FILE_CONNECTIONS }, async () => {
        const res = await fetch(url);
        if (!res.ok || !res.body) throw new Error(`bench: ${url} → ${res.status}`);
        let bytes = 0;
        for await (const chunk of res.body) bytes += chunk.length;
        return bytes;
      }));
      return mbps(sizes.reduce((a, b) => a + b, 0), (performance.now() - t0) / 1000);
    };
    report('whole-file reads', 'media.whole', WHOLE_FILE_CONNECTIONS, await whole(`${base}${mediaUrl}`), await whole(`${nginx.url}${nginxPath}`));
  } finally {
    nginx.child.kill('SIGTERM');
    fs.rmSync(nginx.dir, { recursive: true, force: true });
  }
  results.media = media;
}
