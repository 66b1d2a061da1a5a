/**
 * Hub sync between real kits on loopback (docs/SYNC.md): A publishes a signed
 * feed, B pulls it from A and, for the next delta, from Debian's nginx serving
 * A's hub folder as plain files; a cut download resumes with a range request;
 * B's usage and moderation report reaches A, even before A published a feed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrate } from '../../db/migrate.ts';
import { tempDir } from '../../../test/helper.ts';
import { freePort, killKit, type KitProcess } from '../../../test/kit-process.ts';
import { addCategory, addMedia, addResource, patternBytes } from '../../../test/library-fixtures.ts';
import { KitPair, runSyncJob, trustKit, withDb } from '../../../test/sync-kits.ts';
import { downloadResumable } from './hub-download.ts';

// Real processes, disks and HTTP on a machine that may be busy: generous limits, never sleeps.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 240_000 });

const PASSWORD = 'clave-admin-hub';
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p)) ?? null;
const kits = new KitPair('hub', PASSWORD);
const nginxDir = tempDir('kit-hub-nginx-');
let nginx: ChildProcess | null = null;
let categoryA: number;

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

const runJob = (kit: KitProcess, token: string, url: string) => runSyncJob<{ added: number }>(kit, token, url);

const titlesOfB = () => withDb(kits.dirB, (db) => (db.prepare('SELECT title FROM resources ORDER BY title').all() as { title: string }[]).map((r) => r.title));


beforeAll(async () => {
  withDb(kits.dirA, (db) => {
    migrate(db);
    categoryA = addCategory(db, 'Ganadería');
    const video = addMedia(db, kits.dirA, patternBytes(2 * 1024 * 1024, 11), 'mp4', 'video/mp4');
    addResource(db, { title: 'Vacunas para ovejas', type: 3, category: categoryA, media: video });
  });
  await kits.start({}, (portA) => ({
    KIT_SYNC_FEED_URL: `http://127.0.0.1:${portA}/hub/feed.json`,
    KIT_SYNC_UPLOAD_URL: `http://127.0.0.1:${portA}/api/v2/sync/reports`,
    KIT_SYNC_INTERVAL_HOURS: '0',
  }));
  await trustKit(kits.B, kits.tokenB, kits.A, kits.tokenA, 'Centro A');
  await trustKit(kits.A, kits.tokenA, kits.B, kits.tokenB, 'Kit B');
}, 240_000);

afterAll(async () => {
  nginx?.kill('SIGKILL');
  await kits.stop();
  fs.rmSync(nginxDir, { recursive: true, force: true });
});

describe('hub sync', () => {
  it('B reports to A before A published any feed: the report is kept, and the page says the feed is not there yet', async () => {
    const pulled = await runJob(kits.B, kits.tokenB, '/api/v2/admin/sync/now');
    expect(pulled).toMatchObject({ state: 'failed', errorCode: 'SYNC_FEED_NOT_PUBLISHED' });
    const reports = withDb(kits.dirA, (db) => db.prepare('SELECT kit_name FROM hub_reports').all() as { kit_name: string }[]);
    expect(reports).toEqual([{ kit_name: 'portal.kit' }]);
    const status = (await (await fetch(`${kits.B.base}/api/v2/admin/sync/status`, { headers: auth(kits.tokenB) })).json()) as { hub: { lastPull: { ok: boolean; message: string } } };
    expect(status.hub.lastPull).toMatchObject({ ok: false, message: expect.stringContaining('todavía no publicó su catálogo') });
  }, 240_000);

  it('B pulls the feed A publishes and gets its items; B reports its usage and decisions to A', async () => {
    const published = await runJob(kits.A, kits.tokenA, '/api/v2/admin/sync/publish');
    expect(published).toMatchObject({ state: 'done', message: 'Publicado: 1 recursos en un paquete completo' });
    const feed = (await (await fetch(`${kits.A.base}/hub/feed.json`)).json()) as { payload: string };
    expect(JSON.parse(feed.payload).packs).toHaveLength(1);

    const pulled = await runJob(kits.B, kits.tokenB, '/api/v2/admin/sync/now');
    expect(pulled.state).toBe('done');
    expect(pulled.report?.added).toBe(1);
    expect(titlesOfB()).toEqual(['Vacunas para ovejas']);

    // Nothing new: a second pull imports nothing.
    expect(await runJob(kits.B, kits.tokenB, '/api/v2/admin/sync/now')).toMatchObject({ state: 'done', message: 'Sincronizado: no había paquetes nuevos' });

    // B's villagers watch it and B's moderator blocks it; the next sync tells A.
    withDb(kits.dirB, (db) => {
      const { id } = db.prepare('SELECT id FROM resources').get() as { id: number };
      db.prepare("INSERT INTO resource_stats_daily (resource_id, day, views, downloads) VALUES (?, strftime('%Y-%m-%d', 'now'), 7, 2)").run(id);
      db.prepare("INSERT INTO resource_events (resource_id, action, from_status, to_status, reason) VALUES (?, 'block', 'pending', 'blocked', 'Contenido equivocado')").run(id);
    });
    await runJob(kits.B, kits.tokenB, '/api/v2/admin/sync/now');
    const reports = withDb(kits.dirA, (db) => db.prepare('SELECT kit_name, body FROM hub_reports ORDER BY id').all() as { kit_name: string; body: string }[]);
    const last = JSON.parse(reports.at(-1)?.body ?? '{}') as { usage: { views: number; downloads: number }[]; decisions: { toStatus: string; reason: string }[] };
    expect(reports.at(-1)?.kit_name).toBe('portal.kit');
    expect(last.usage).toEqual([expect.objectContaining({ views: 7, downloads: 2 })]);
    expect(last.decisions).toEqual([expect.objectContaining({ toStatus: 'blocked', reason: 'Contenido equivocado' })]);

    const status = (await (await fetch(`${kits.B.base}/api/v2/admin/sync/status`, { headers: auth(kits.tokenB) })).json()) as { hub: { lastPull: { ok: boolean } } };
    expect(status.hub.lastPull.ok).toBe(true);
  }, 240_000);

  it('refuses a report not signed by a trusted kit', async () => {
    const res = await fetch(`${kits.A.base}/api/v2/sync/reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payload: '{"format":1}', signature: { keyId: '0123456789abcdef', publicKey: 'AAAA', signature: 'AAAA' } }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('HUB_REPORT_INVALID');
  });

  it.skipIf(NGINX === null)('B pulls a delta from the same feed served by nginx, resuming a cut download (needs Debian nginx)', async () => {
    withDb(kits.dirA, (db) => {
      const doc = addMedia(db, kits.dirA, patternBytes(600_000, 12), 'pdf', 'application/pdf');
      addResource(db, { title: 'Esquila a mano', type: 2, category: categoryA, media: doc });
    });
    expect(await runJob(kits.A, kits.tokenA, '/api/v2/admin/sync/publish')).toMatchObject({ state: 'done', message: 'Publicado: 1 recursos en un paquete de cambios' });

    const port = await freePort();
    const hubRoot = path.join(kits.dirA, 'hub');
    const isRoot = process.getuid?.() === 0;
    fs.writeFileSync(
      path.join(nginxDir, 'nginx.conf'),
      `${isRoot ? 'user root;' : ''}
daemon off; worker_processes 1; pid ${nginxDir}/nginx.pid; error_log ${nginxDir}/error.log;
events { worker_connections 64; }
http {
  access_log ${nginxDir}/access.log;
  client_body_temp_path ${nginxDir}/tmp; proxy_temp_path ${nginxDir}/tmp; fastcgi_temp_path ${nginxDir}/tmp; uwsgi_temp_path ${nginxDir}/tmp; scgi_temp_path ${nginxDir}/tmp;
  types { application/json json; application/octet-stream kitpack; }
  server { listen 127.0.0.1:${port}; root ${hubRoot}; }
}
`,
    );
    expect(spawnSync(NGINX as string, ['-t', '-c', path.join(nginxDir, 'nginx.conf'), '-p', nginxDir]).status).toBe(0);
    nginx = spawn(NGINX as string, ['-c', path.join(nginxDir, 'nginx.conf'), '-p', nginxDir], { stdio: 'ignore' });
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 1200 && !(await fetch(`${base}/feed.json`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 50));

    // A cut download of the delta: its first half is already on B's disk.
    const { packs } = JSON.parse(((await (await fetch(`${base}/feed.json`)).json()) as { payload: string }).payload) as { packs: { packId: string; path: string }[] };
    const delta = packs[1] as { packId: string; path: string };
    const bytes = Buffer.from(await (await fetch(`${base}/${delta.path}`)).arrayBuffer());
    fs.mkdirSync(path.join(kits.dirB, 'sync', 'downloads'), { recursive: true });
    fs.writeFileSync(path.join(kits.dirB, 'sync', 'downloads', `${delta.packId}.part`), bytes.subarray(0, Math.floor(bytes.length / 2)));

    await killKit(kits.B);
    await kits.startBAgain({ KIT_SYNC_FEED_URL: `${base}/feed.json`, KIT_SYNC_INTERVAL_HOURS: '0' });
    const pulled = await runJob(kits.B, kits.tokenB, '/api/v2/admin/sync/now');
    expect(pulled).toMatchObject({ state: 'done', report: expect.objectContaining({ added: 1 }) });
    expect(titlesOfB()).toEqual(['Esquila a mano', 'Vacunas para ovejas']);
    // nginx answered the rest of the pack with 206 Partial Content.
    const log = fs.readFileSync(path.join(nginxDir, 'access.log'), 'utf8');
    expect(log).toMatch(new RegExp(`GET /${delta.path.replace('.', '\\.')} HTTP/1\\.1" 206`));
  }, 240_000);
});

describe('downloadResumable', () => {
  it('asks only for the missing bytes of a cut download, and starts over when the server ignores ranges', async () => {
    const body = patternBytes(100_000, 4);
    const ranges: (string | undefined)[] = [];
    let honourRanges = true;
    const server = http.createServer((req, res) => {
      ranges.push(req.headers.range);
      const match = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
      if (match && honourRanges) {
        const start = Number(match[1]);
        res.writeHead(206, { 'content-range': `bytes ${start}-${body.length - 1}/${body.length}`, 'content-length': body.length - start });
        res.end(body.subarray(start));
      } else {
        res.writeHead(200, { 'content-length': body.length });
        res.end(body);
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = new URL(`http://127.0.0.1:${(server.address() as { port: number }).port}/p.kitpack`);
    const dir = tempDir('kit-dl-');
    try {
      const part = path.join(dir, 'p.part');
      fs.writeFileSync(part, body.subarray(0, 30_000));
      let counted = 0;
      await downloadResumable(url, part, body.length, (n) => (counted += n));
      expect(ranges).toEqual(['bytes=30000-']);
      expect(fs.readFileSync(part).equals(body)).toBe(true);
      expect(counted).toBe(body.length);

      honourRanges = false;
      fs.writeFileSync(part, body.subarray(0, 50_000));
      await downloadResumable(url, part, body.length, () => undefined);
      expect(fs.readFileSync(part).equals(body)).toBe(true);
    } finally {
      server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
