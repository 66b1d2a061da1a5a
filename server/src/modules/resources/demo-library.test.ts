import { ResourceDetailSchema, ResourcePageSchema } from '@kit/contract';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { seedDemoIfEmpty } from '../../seed/demo.ts';

/* The demo library (fixtures/demo) through the read API: every type, real files. */
let t: TestApp;
let published: { id: number; title: string; type_code: number }[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoIfEmpty(t.app.db, t.dataDir, t.app.log);
  published = t.app.db.prepare<[], { id: number; title: string; type_code: number }>("SELECT id, title, type_code FROM resources WHERE status = 'published' ORDER BY id").all();
});
afterAll(() => t.close());

describe('the demo library', () => {
  it('lists every published resource and covers every type', async () => {
    expect(new Set(published.map((r) => r.type_code))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    const body = (await t.app.inject({ method: 'GET', url: '/api/content/all?per_page=60' })).json();
    expect(Value.Check(ResourcePageSchema, body)).toBe(true);
    expect(body.total).toBe(published.length);
  });

  it('gives every published resource a valid page whose file and cover are served', async () => {
    for (const r of published) {
      const detail = (await t.app.inject({ method: 'GET', url: `/api/v2/resource/${r.id}` })).json();
      expect(Value.Check(ResourceDetailSchema, detail), r.title).toBe(true);
      for (const url of [detail.mediaUrl, detail.coverUrl].filter((u): u is string => u !== null)) {
        const head = await t.app.inject({ method: 'HEAD', url });
        expect(head.statusCode, url).toBe(200);
        if (url === detail.mediaUrl) {
          expect(head.headers['content-length']).toBe(String(detail.size));
          // Its own type when browsers only show it; an app is a download of neutral type.
          expect(head.headers['content-type']).toBe(r.type_code === 5 ? 'application/octet-stream' : detail.mime);
          if (r.type_code === 5) expect(head.headers['content-disposition']).toMatch(/^attachment;.*\.apk"/);
        }
      }
      if (r.type_code === 6) expect(detail.playlist.items.length, r.title).toBeGreaterThan(0);
      if (r.type_code === 3) expect(detail.mime).toBe('video/mp4');
    }
  });

  it('finds a resource by a title word typed without accents', async () => {
    const withAccent = published.find((r) => /[áéíóúñ]/i.test(r.title));
    expect(withAccent).toBeDefined();
    const word = withAccent?.title.split(/\s+/).find((w) => /[áéíóúñ]/i.test(w)) ?? '';
    const plain = word.normalize('NFD').replace(/\p{M}/gu, '').replace(/[^\p{L}\p{N}]/gu, '');
    const body = (await t.app.inject({ method: 'GET', url: `/api/v3/searchResource?q=${encodeURIComponent(plain)}&per_page=60` })).json();
    expect(body.data.map((d: { id: number }) => d.id)).toContain(withAccent?.id);
  });
});
