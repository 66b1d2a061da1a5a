import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helper.ts';
import { addMedia, addResource, buildLibraryApp, patternBytes } from '../../../test/library-fixtures.ts';
import { today } from '../../days.ts';
import { mediaPath } from '../../media/store.ts';

let t: TestApp;
const as: Record<string, Record<string, string>> = { anon: {} };
const users: Record<string, number> = {};
const res = { video: 0, draft: 0, blocked: 0 };
const SIZE = 5000;
const video = patternBytes(SIZE);
let videoSha = '';
let draftSha = '';
let coverSha = '';
let pictureSha = '';
let blockedSha = '';

beforeAll(async () => {
  t = await buildLibraryApp(users, as);
  const db = t.app.db;
  videoSha = addMedia(db, t.dataDir, video, 'mp4', 'video/mp4');
  coverSha = addMedia(db, t.dataDir, patternBytes(300, 2), 'jpg', 'image/jpeg');
  draftSha = addMedia(db, t.dataDir, patternBytes(900, 5), 'pdf', 'application/pdf');
  blockedSha = addMedia(db, t.dataDir, patternBytes(700, 6), 'mp3', 'audio/mpeg');
  pictureSha = addMedia(db, t.dataDir, patternBytes(200, 3), 'webp', 'image/webp');
  db.prepare('UPDATE users SET image_sha256 = ? WHERE id = ?').run(pictureSha, users.beto);
  res.video = addResource(db, { title: 'Educación para niños', type: 3, user: users.ana, media: videoSha, cover: coverSha });
  res.draft = addResource(db, { title: 'Borrador', type: 2, user: users.ana, status: 'draft', media: draftSha });
  res.blocked = addResource(db, { title: 'Canción bloqueada', type: 4, user: users.ana, status: 'blocked', media: blockedSha });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}, who: keyof typeof as = 'anon') =>
  t.app.inject({ method: 'GET', url, headers: { ...as[who], ...headers } });
const counters = (id: number) => t.app.db.prepare('SELECT views, downloads FROM resources WHERE id = ?').get(id) as { views: number; downloads: number };
const dailyDownloads = (id: number) =>
  (t.app.db.prepare('SELECT downloads FROM resource_stats_daily WHERE resource_id = ? AND day = ?').get(id, today()) as { downloads: number } | undefined)?.downloads ?? 0;

describe('GET /api/media/{sha256}.{ext}', () => {
  const url = () => `/api/media/${videoSha}.mp4`;

  it('sends the whole file with its type, validators and a long immutable cache', async () => {
    const r = await get(url());
    expect(r.statusCode).toBe(200);
    expect(Buffer.compare(r.rawPayload, video)).toBe(0);
    expect(r.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': String(SIZE),
      etag: `"${videoSha}"`,
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    const mtime = fs.statSync(mediaPath(t.dataDir, videoSha, 'mp4')).mtime;
    expect(r.headers['last-modified']).toBe(mtime.toUTCString());
    expect(r.headers['content-disposition']).toBeUndefined();
  });

  it('answers ranges with 206 and exactly the asked bytes', async () => {
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=1000-2999', 1000, 2999],
      ['bytes=-100', SIZE - 100, SIZE - 1],
      ['bytes=4321-', 4321, SIZE - 1],
      ['bytes=4990-999999', 4990, SIZE - 1],
      ['bytes=0-0', 0, 0],
    ];
    for (const [range, start, end] of cases) {
      const r = await get(url(), { range });
      expect(r.statusCode, range).toBe(206);
      expect(r.headers['content-range'], range).toBe(`bytes ${start}-${end}/${SIZE}`);
      expect(r.headers['content-length'], range).toBe(String(end - start + 1));
      expect(r.headers['content-type']).toBe('video/mp4');
      expect(Buffer.compare(r.rawPayload, video.subarray(start, end + 1)), range).toBe(0);
    }
  });

  it('sends the whole file for several ranges or an unreadable Range header', async () => {
    for (const range of ['bytes=0-9,20-29', 'bytes=abc', 'lines=1-2']) {
      const r = await get(url(), { range });
      expect(r.statusCode, range).toBe(200);
      expect(r.rawPayload.length).toBe(SIZE);
    }
  });

  it('answers 416 with Content-Range bytes */size when the range cannot be served', async () => {
    for (const range of [`bytes=${SIZE}-`, `bytes=${SIZE + 10}-${SIZE + 20}`, 'bytes=-0']) {
      const r = await get(url(), { range });
      expect(r.statusCode, range).toBe(416);
      expect(r.headers['content-range']).toBe(`bytes */${SIZE}`);
      expect(r.json().error.code).toBe('RANGE_NOT_SATISFIABLE');
      expect(r.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers 304 to a matching If-None-Match or a fresh If-Modified-Since', async () => {
    const first = await get(url());
    const conditions: Record<string, string>[] = [
      { 'if-none-match': `"${videoSha}"` },
      { 'if-none-match': `W/"${videoSha}", "otro"` },
      { 'if-modified-since': String(first.headers['last-modified']) },
    ];
    for (const headers of conditions) {
      const r = await get(url(), headers);
      expect(r.statusCode).toBe(304);
      expect(r.rawPayload.length).toBe(0);
      expect(r.headers.etag).toBe(`"${videoSha}"`);
    }
    expect((await get(url(), { 'if-none-match': '"otro"' })).statusCode).toBe(200);
    expect((await get(url(), { 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' })).statusCode).toBe(200);
  });

  it('honours If-Range: the range only for the same bytes', async () => {
    expect((await get(url(), { range: 'bytes=0-9', 'if-range': `"${videoSha}"` })).statusCode).toBe(206);
    const stale = await get(url(), { range: 'bytes=0-9', 'if-range': '"otra-version"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(SIZE);
  });

  it('answers HEAD with the headers and no body', async () => {
    const r = await t.app.inject({ method: 'HEAD', url: url() });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-length']).toBe(String(SIZE));
    expect(r.headers['content-type']).toBe('video/mp4');
    expect(r.rawPayload.length).toBe(0);
    const ranged = await t.app.inject({ method: 'HEAD', url: url(), headers: { range: 'bytes=10-19' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-length']).toBe('10');
  });

  it('serves covers and the pictures of users who are not blocked', async () => {
    expect((await get(`/api/media/${coverSha}.jpg`)).headers['content-type']).toBe('image/jpeg');
    expect((await get(`/api/media/${pictureSha}.webp`)).statusCode).toBe(200);
    t.app.db.prepare('UPDATE users SET blocked = 1 WHERE id = ?').run(users.beto);
    try {
      expect((await get(`/api/media/${pictureSha}.webp`)).statusCode).toBe(404);
    } finally {
      t.app.db.prepare('UPDATE users SET blocked = 0 WHERE id = ?').run(users.beto);
    }
  });

  it('answers 404 for unknown bytes or the wrong extension, 400 for a malformed name', async () => {
    const unknown = await get(`/api/media/${'a'.repeat(64)}.mp4`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('MEDIA_NOT_FOUND');
    expect((await get(`/api/media/${videoSha}.pdf`)).statusCode).toBe(404);
    for (const name of ['..%2F..%2Fportal.db', `${videoSha}`, `${videoSha.toUpperCase()}.mp4`, `${videoSha}.mp4.exe`]) {
      expect((await get(`/api/media/${name}`)).statusCode, name).toBe(400);
    }
  });

  it('refuses unpublished media to everyone but the owner and admins, exactly like unknown bytes', async () => {
    const unknown = (await get(`/api/media/${'a'.repeat(64)}.mp4`)).json();
    for (const [sha, ext] of [[draftSha, 'pdf'], [blockedSha, 'mp3']] as const) {
      for (const who of ['anon', 'beto'] as const) {
        const r = await get(`/api/media/${sha}.${ext}`, {}, who);
        expect(r.statusCode, `${ext} ${who}`).toBe(404);
        expect(r.json()).toEqual(unknown);
      }
      for (const who of ['ana', 'jefa'] as const) {
        const r = await get(`/api/media/${sha}.${ext}`, { range: 'bytes=0-9' }, who);
        expect(r.statusCode, `${ext} ${who}`).toBe(206);
        expect(r.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      }
    }
  });

  it('makes ?download=1 an attachment named after the resource and counts it', async () => {
    const before = counters(res.video).downloads;
    const r = await get(`${url()}?download=1`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toBe(
      `attachment; filename="Educacion para ninos.mp4"; filename*=UTF-8''Educaci%C3%B3n%20para%20ni%C3%B1os.mp4`,
    );
    expect(r.headers['cache-control']).toBe('private, no-cache');
    expect(counters(res.video).downloads).toBe(before + 1);
  });
});

describe('GET /api/v2/resource/{id}/media', () => {
  it('streams the resource file with ranges, revalidated rather than cached for good', async () => {
    const r = await get(`/api/v2/resource/${res.video}/media`, { range: 'bytes=100-199' });
    expect(r.statusCode).toBe(206);
    expect(Buffer.compare(r.rawPayload, video.subarray(100, 200))).toBe(0);
    expect(r.headers['cache-control']).toBe('public, no-cache');
    expect(r.headers.etag).toBe(`"${videoSha}"`);
  });

  it('counts a ?download=1 fetch as a download, on the resource and in today’s stats', async () => {
    const before = counters(res.video).downloads;
    const beforeDaily = dailyDownloads(res.video);
    // someone who has not downloaded it today (modules/counters: once per person a day)
    const r = await t.app.inject({ url: `/api/v2/resource/${res.video}/media?download=1`, remoteAddress: '10.70.0.1' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toContain("filename*=UTF-8''Educaci%C3%B3n%20para%20ni%C3%B1os.mp4");
    expect(Buffer.compare(r.rawPayload, video)).toBe(0);
    expect(counters(res.video).downloads).toBe(before + 1);
    expect(dailyDownloads(res.video)).toBe(beforeDaily + 1);
  });

  it('does not count HEAD, 304, 416, plain reads or the later ranges of a resumed download', async () => {
    const before = counters(res.video).downloads;
    const url = `/api/v2/resource/${res.video}/media?download=1`;
    // one person who has not downloaded it today (modules/counters: once per person a day)
    const remoteAddress = '10.70.0.2';
    await t.app.inject({ method: 'HEAD', url, remoteAddress });
    await t.app.inject({ url, headers: { 'if-none-match': `"${videoSha}"` }, remoteAddress });
    await t.app.inject({ url, headers: { range: `bytes=${SIZE}-` }, remoteAddress });
    await t.app.inject({ url, headers: { range: 'bytes=2500-' }, remoteAddress });
    await t.app.inject({ url: `/api/v2/resource/${res.video}/media`, remoteAddress });
    expect(counters(res.video).downloads).toBe(before);
    await t.app.inject({ url, headers: { range: 'bytes=0-' }, remoteAddress });
    expect(counters(res.video).downloads).toBe(before + 1);
  });

  it('refuses the file of an unpublished resource to others with 404, serves it to the owner', async () => {
    expect((await get(`/api/v2/resource/${res.draft}/media`)).statusCode).toBe(404);
    expect((await get(`/api/v2/resource/${res.draft}/media`, {}, 'beto')).statusCode).toBe(404);
    const before = counters(res.draft).downloads;
    const own = await get(`/api/v2/resource/${res.draft}/media?download=1`, {}, 'ana');
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-cache');
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(counters(res.draft).downloads).toBe(before + 1);
    expect((await get(`/api/v2/resource/${res.blocked}/media`, {}, 'jefa')).statusCode).toBe(200);
  });

  it('answers 404 for a resource without a file', async () => {
    const bare = addResource(t.app.db, { title: 'Sin archivo', type: 6 });
    expect((await get(`/api/v2/resource/${bare}/media`)).statusCode).toBe(404);
  });
});

describe('what every file answer carries', () => {
  const sandboxed = (r: { headers: Record<string, unknown> }, label: string) => {
    expect(r.headers['x-content-type-options'], label).toBe('nosniff');
    expect(r.headers['content-security-policy'], label).toBe("sandbox allow-same-origin; default-src 'none'; media-src 'self'; style-src 'unsafe-inline'");
  };

  it('nosniff and a sandbox without scripts, on 200, 206, 304, 416, HEAD and downloads alike', async () => {
    const url = `/api/media/${videoSha}.mp4`;
    sandboxed(await get(url), '200');
    sandboxed(await get(url, { range: 'bytes=0-9' }), '206');
    sandboxed(await get(url, { 'if-none-match': `"${videoSha}"` }), '304');
    sandboxed(await get(url, { range: `bytes=${SIZE}-` }), '416');
    sandboxed(await t.app.inject({ method: 'HEAD', url }), 'HEAD');
    sandboxed(await get(`${url}?download=1`), 'download');
    sandboxed(await get(`/api/v2/resource/${res.video}/media`), 'resource file');
    sandboxed(await get(`/api/v2/users/${users.beto}/image`), 'profile picture');
    sandboxed(await get('/pdf/tyc-uayki.pdf'), 'terms');
  });

  it('a row stored with a claimed type (before files were typed by their bytes) is only ever a download', async () => {
    const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
    const sha = addMedia(t.app.db, t.dataDir, html, 'html', 'text/html');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    const svgSha = addMedia(t.app.db, t.dataDir, svg, 'svg', 'image/svg+xml');
    const page = addResource(t.app.db, { title: 'Página', type: 2, user: users.ana, media: sha, cover: svgSha });
    for (const u of [`/api/media/${sha}.html`, `/api/media/${svgSha}.svg`, `/api/v2/resource/${page}/media`]) {
      const r = await get(u);
      expect(r.statusCode, u).toBe(200);
      expect(r.headers['content-type'], u).toBe('application/octet-stream');
      expect(r.headers['content-disposition'], u).toMatch(/^attachment;/);
      sandboxed(r, u);
    }
    t.app.db.prepare('UPDATE users SET image_sha256 = ? WHERE id = ?').run(svgSha, users.ana);
    try {
      expect((await get(`/api/v2/users/${users.ana}/image`)).statusCode).toBe(404);
    } finally {
      t.app.db.prepare('UPDATE users SET image_sha256 = NULL WHERE id = ?').run(users.ana);
    }
  });
});
