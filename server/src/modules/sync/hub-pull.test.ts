/**
 * What a kit makes of its hub's feed address when the hub has not published
 * a feed there (docs/SYNC.md): a real HTTP server answers it as such hubs do.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncContext } from './sync-context.ts';
import { fetchFeed } from './hub-pull.ts';

const PAGE = '<!doctype html><html lang="es"><head><title>Kit Portal</title></head><body><div id="root"></div></body></html>';
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url === '/app/feed.json') response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    else if (request.url === '/untyped/feed.json') response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(`\n  ${PAGE}`);
    else if (request.url === '/broken/feed.json') response.writeHead(200, { 'content-type': 'application/json' }).end('{"payload":');
    else if (request.url === '/down/feed.json') response.writeHead(502).end('Bad Gateway');
    else response.writeHead(404).end('Not Found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// These answers are told apart before the feed's signature is read: no database or key is needed.
const noKeys = {} as Pick<SyncContext, 'db' | 'key'>;
const codeOf = (feedUrl: string) => fetchFeed(noKeys, feedUrl).then(() => 'ok', (error: { code?: string }) => error.code);

describe('fetchFeed', () => {
  it.each([
    ['the web app’s page, as HTML', '/app/feed.json'],
    ['a page sent with another content type', '/untyped/feed.json'],
    ['404', '/missing/feed.json'],
  ])('takes %s for a feed not published yet (SYNC_FEED_NOT_PUBLISHED)', async (_, at) => {
    expect(await codeOf(`${base}${at}`)).toBe('SYNC_FEED_NOT_PUBLISHED');
  });

  it('tells a feed that is not JSON (SYNC_FEED_INVALID) from a hub that fails (SYNC_HUB_UNREACHABLE)', async () => {
    expect(await codeOf(`${base}/broken/feed.json`)).toBe('SYNC_FEED_INVALID');
    expect(await codeOf(`${base}/down/feed.json`)).toBe('SYNC_HUB_UNREACHABLE');
  });
});
