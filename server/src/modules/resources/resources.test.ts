import { PlaylistSchema, ResourceDetailSchema, ResourcePageSchema, ResourceSummarySchema } from '@kit/contract';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helper.ts';
import { addCategory, addMedia, addPlaylist, addResource, buildLibraryApp, patternBytes } from '../../../test/library-fixtures.ts';
import { today } from '../../days.ts';

let t: TestApp;
const as: Record<string, Record<string, string>> = { anon: {} };
const users = { ana: 0, beto: 0, jefa: 0 };
const cats = { educacion: 0, primaria: 0, salud: 0, oculta: 0 };
const res = { video: 0, doc: 0, draft: 0, blocked: 0, hidden: 0, list: 0 };
let videoSha = '';
let coverSha = '';
let pictureSha = '';

beforeAll(async () => {
  t = await buildLibraryApp(users, as);
  const db = t.app.db;
  cats.educacion = addCategory(db, 'Educación', { priority: 1 });
  cats.primaria = addCategory(db, 'Primaria', { parent: cats.educacion });
  cats.salud = addCategory(db, 'Salud', { priority: 2 });
  cats.oculta = addCategory(db, 'Oculta', { hidden: true });

  videoSha = addMedia(db, t.dataDir, patternBytes(5000), 'mp4', 'video/mp4', { duration: 12.5 });
  coverSha = addMedia(db, t.dataDir, patternBytes(300, 2), 'jpg', 'image/jpeg');
  pictureSha = addMedia(db, t.dataDir, patternBytes(200, 3), 'webp', 'image/webp');
  const pdfSha = addMedia(db, t.dataDir, patternBytes(800, 4), 'pdf', 'application/pdf');
  db.prepare('UPDATE users SET image_sha256 = ? WHERE id = ?').run(pictureSha, users.ana);

  res.video = addResource(db, {
    title: 'Cómo cuidar el maíz',
    description: 'Un video largo. '.repeat(20),
    author: 'María Pérez',
    source: 'Comunidad de Sacsamarca',
    license: 'CC BY',
    type: 3,
    category: cats.primaria,
    user: users.ana,
    media: videoSha,
    cover: coverSha,
    views: 10,
    downloads: 3,
  });
  res.doc = addResource(db, { title: 'Guía de salud', type: 2, category: cats.salud, user: users.beto, media: pdfSha });
  res.draft = addResource(db, { title: 'Borrador de Ana', type: 2, user: users.ana, status: 'draft', media: pdfSha });
  res.blocked = addResource(db, { title: 'Bloqueado de Ana', type: 2, user: users.ana, status: 'blocked', statusReason: 'Tiene derechos de autor' });
  res.hidden = addResource(db, { title: 'En categoría oculta', type: 2, category: cats.oculta, user: users.beto });
  const playlist = addPlaylist(db, users.ana, 'Lista de Ana', [res.video, res.draft, res.doc]);
  res.list = addResource(db, { title: 'Mi lista', type: 6, user: users.ana, playlist });

  db.prepare('INSERT INTO comments (resource_id, user_id, comment) VALUES (?, ?, ?), (?, ?, ?)').run(res.video, users.beto, 'Muy útil', res.video, users.ana, 'Gracias');
  db.prepare('INSERT INTO favorites (user_id, resource_id) VALUES (?, ?)').run(users.beto, res.video);
});
afterAll(() => t.close());

const get = (url: string, who: keyof typeof as = 'anon') => t.app.inject({ method: 'GET', url, headers: as[who] });
const views = (id: number) => t.app.db.prepare<[number], { views: number }>('SELECT views FROM resources WHERE id = ?').get(id)?.views;

describe('GET /api/v2/resource/{id}', () => {
  it('answers everything the resource page needs', async () => {
    const r = await get(`/api/v2/resource/${res.video}`);
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(Value.Check(ResourceDetailSchema, body)).toBe(true);
    expect(body).toMatchObject({
      id: res.video,
      title: 'Cómo cuidar el maíz',
      author: 'María Pérez',
      source: 'Comunidad de Sacsamarca',
      license: 'CC BY',
      type: 3,
      status: 'published',
      content_type_id: cats.primaria,
      content_type: { id: cats.primaria, name: 'Primaria' },
      categoryPath: [
        { id: cats.educacion, name: 'Educación' },
        { id: cats.primaria, name: 'Primaria' },
      ],
      user: { id: users.ana, user_name: 'ana', FullImageUrl: expect.stringContaining(`/api/v2/users/${users.ana}/image`) },
      coverUrl: `/api/media/${coverSha}.jpg`,
      mediaUrl: `/api/media/${videoSha}.mp4`,
      downloadUrl: `/api/v2/resource/${res.video}/media?download=1`,
      fileName: 'Cómo cuidar el maíz.mp4',
      mime: 'video/mp4',
      size: 5000,
      duration: 12.5,
      downloads: 3,
      commentsCount: 2,
      isFavorite: false,
      statusReason: null,
      playlist: null,
    });
    expect(body.description).toBe('Un video largo. '.repeat(20));
    expect(body.excerpt.length).toBeLessThanOrEqual(161);
    expect(body.excerpt.endsWith('…')).toBe(true);
  });

  it("carries the caller's favourite state", async () => {
    expect((await get(`/api/v2/resource/${res.video}`, 'beto')).json().isFavorite).toBe(true);
    expect((await get(`/api/v2/resource/${res.video}`, 'ana')).json().isFavorite).toBe(false);
  });

  it("counts a view: shown on the page at once, written to the resource and today's stats row with the next batch", async () => {
    const stats = () => t.app.db.prepare<[number, string], { views: number }>('SELECT views FROM resource_stats_daily WHERE resource_id = ? AND day = ?').get(res.video, today())?.views ?? 0;
    t.app.viewCounts.flush();
    const [before, statsBefore] = [views(res.video) ?? 0, stats()];
    // three people on their own phones (modules/counters: one view per person a day)
    const visit = (phone: number) => t.app.inject({ url: `/api/v2/resource/${res.video}`, remoteAddress: `10.71.0.${phone}` });
    expect((await visit(1)).json().views).toBe(before + 1);
    expect((await visit(2)).json().views).toBe(before + 2);
    expect(views(res.video)).toBe(before);
    t.app.viewCounts.flush();
    expect([views(res.video), stats()]).toEqual([before + 2, statsBefore + 2]);
    expect((await visit(3)).json().views).toBe(before + 3);
  });

  it('answers null cover and media when a resource has none', async () => {
    const body = (await get(`/api/v2/resource/${res.list}`)).json();
    expect(body).toMatchObject({ coverUrl: null, mediaUrl: null, downloadUrl: null, fileName: null, mime: null, size: null, duration: null, content_type: null, categoryPath: [] });
  });

  it('hides drafts from everyone but the owner and admins, with the same 404 as a missing id', async () => {
    const missing = await get('/api/v2/resource/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('RESOURCE_NOT_FOUND');
    for (const who of ['anon', 'beto'] as const) {
      const r = await get(`/api/v2/resource/${res.draft}`, who);
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual(missing.json());
    }
    const before = views(res.draft);
    expect((await get(`/api/v2/resource/${res.draft}`, 'ana')).json()).toMatchObject({ id: res.draft, status: 'draft' });
    expect((await get(`/api/v2/resource/${res.draft}`, 'jefa')).statusCode).toBe(200);
    t.app.viewCounts.flush();
    expect(views(res.draft)).toBe(before);
  });

  it("shows a blocked resource and moderation's reason to its owner and admins only", async () => {
    expect((await get(`/api/v2/resource/${res.blocked}`)).statusCode).toBe(404);
    expect((await get(`/api/v2/resource/${res.blocked}`, 'beto')).statusCode).toBe(404);
    expect((await get(`/api/v2/resource/${res.blocked}`, 'ana')).json()).toMatchObject({ status: 'blocked', statusReason: 'Tiene derechos de autor' });
    expect((await get(`/api/v2/resource/${res.blocked}`, 'jefa')).json().statusReason).toBe('Tiene derechos de autor');
  });

  it('lists the playlist items of a type 6 resource that the caller may see', async () => {
    const anon = (await get(`/api/v2/resource/${res.list}`)).json();
    expect(Value.Check(ResourceDetailSchema, anon)).toBe(true);
    expect(anon.playlist.name).toBe('Lista de Ana');
    expect(anon.playlist.items.map((i: { id: number }) => i.id)).toEqual([res.video, res.doc]);
    const owner = (await get(`/api/v2/resource/${res.list}`, 'ana')).json();
    expect(owner.playlist.items.map((i: { id: number }) => i.id)).toEqual([res.video, res.draft, res.doc]);
    expect(owner.playlist.items[0]).toMatchObject({ type: 3, mediaUrl: `/api/media/${videoSha}.mp4`, coverUrl: `/api/media/${coverSha}.jpg` });
  });

  it("withholds a blocked owner's picture", async () => {
    t.app.db.prepare('UPDATE users SET blocked = 1 WHERE id = ?').run(users.ana);
    try {
      expect((await get(`/api/v2/resource/${res.video}`)).json().user).toEqual({ id: users.ana, user_name: 'ana', FullImageUrl: null });
    } finally {
      t.app.db.prepare('UPDATE users SET blocked = 0 WHERE id = ?').run(users.ana);
    }
  });

  it('reaches a resource filed under a hidden category by its id, without naming the category to non-admins', async () => {
    const anon = (await get(`/api/v2/resource/${res.hidden}`)).json();
    expect(anon).toMatchObject({ id: res.hidden, content_type_id: null, content_type: null, categoryPath: [] });
    const admin = (await get(`/api/v2/resource/${res.hidden}`, 'jefa')).json();
    expect(admin).toMatchObject({ content_type_id: cats.oculta, content_type: { id: cats.oculta, name: 'Oculta' }, categoryPath: [{ id: cats.oculta, name: 'Oculta' }] });
  });

  it('refuses a malformed id with 400', async () => {
    expect((await get('/api/v2/resource/0')).statusCode).toBe(400);
    expect((await get('/api/v2/resource/abc')).statusCode).toBe(400);
  });
});

describe('GET /api/contents/random', () => {
  it('answers a published resource in a visible category, never a draft, blocked or hidden one', async () => {
    const seen = new Set<number>();
    for (let i = 0; i < 40; i++) {
      const r = await get('/api/contents/random');
      expect(r.statusCode).toBe(200);
      const body = r.json();
      expect(Value.Check(ResourceSummarySchema, body)).toBe(true);
      seen.add(body.id);
    }
    for (const id of seen) expect([res.video, res.doc, res.list]).toContain(id);
    expect(seen.size).toBeGreaterThan(1);
  });

  it('can be limited to a type, and says so when nothing is left', async () => {
    expect((await get('/api/contents/random?type=3')).json().id).toBe(res.video);
    const none = await get('/api/contents/random?type=5');
    expect(none.statusCode).toBe(404);
    expect(none.json().error.code).toBe('LIBRARY_EMPTY');
  });
});

describe('GET /api/content/all', () => {
  it('pages the published library, newest first, without hidden categories', async () => {
    const r = await get('/api/content/all');
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(Value.Check(ResourcePageSchema, body)).toBe(true);
    expect(body.data.map((d: { id: number }) => d.id)).toEqual([res.list, res.doc, res.video]);
    expect(body).toMatchObject({ from: 1, to: 3, per_page: 24, last_page: 1, total: 3, current_page: 1 });
  });

  it('shows admins the resources of hidden categories too, but still only published ones', async () => {
    const ids = (await get('/api/content/all', 'jefa')).json().data.map((d: { id: number }) => d.id);
    expect(ids).toEqual([res.list, res.hidden, res.doc, res.video]);
  });

  it('filters by type and by category with its descendants', async () => {
    expect((await get('/api/content/all?type=2')).json().data.map((d: { id: number }) => d.id)).toEqual([res.doc]);
    expect((await get('/api/content/all?type=0')).json().total).toBe(3);
    expect((await get(`/api/content/all?category=${cats.educacion}`)).json().data.map((d: { id: number }) => d.id)).toEqual([res.video]);
    expect((await get(`/api/content/all?category=${cats.salud}&type=3`)).json().total).toBe(0);
  });

  it('pages with per_page and answers an empty page past the end with the right totals', async () => {
    const p2 = (await get('/api/content/all?per_page=2&page=2')).json();
    expect(p2).toMatchObject({ from: 3, to: 3, per_page: 2, last_page: 2, total: 3, current_page: 2 });
    expect(p2.data.map((d: { id: number }) => d.id)).toEqual([res.video]);
    const past = (await get('/api/content/all?per_page=2&page=9')).json();
    expect(past).toEqual({ data: [], from: null, to: null, per_page: 2, last_page: 2, total: 3, current_page: 9 });
  });

  it('refuses page 0, a negative page and per_page over 60 with 400', async () => {
    for (const q of ['page=0', 'page=-1', 'per_page=61', 'per_page=0', 'type=8', 'category=abc']) {
      const r = await get(`/api/content/all?${q}`);
      expect(r.statusCode, q).toBe(400);
      expect(r.json().error.code).toBe('VALIDATION');
    }
  });
});

describe('GET /api/playlist/{id}', () => {
  it('answers the list and the items the caller may see, in order', async () => {
    const playlistId = (t.app.db.prepare('SELECT playlist_id AS p FROM resources WHERE id = ?').get(res.list) as { p: number }).p;
    const r = await get(`/api/playlist/${playlistId}`);
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(Value.Check(PlaylistSchema, body)).toBe(true);
    expect(body).toMatchObject({ id: playlistId, name: 'Lista de Ana', user: { id: users.ana, user_name: 'ana' } });
    expect(body.content.map((c: { id: number }) => c.id)).toEqual([res.video, res.doc]);
    expect((await get(`/api/playlist/${playlistId}`, 'jefa')).json().content).toHaveLength(3);
  });

  it('answers 404 for a list that does not exist', async () => {
    const r = await get('/api/playlist/999999');
    expect(r.statusCode).toBe(404);
    expect(r.json().error.code).toBe('PLAYLIST_NOT_FOUND');
  });
});
