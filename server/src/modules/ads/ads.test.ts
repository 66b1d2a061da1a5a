import zlib from 'node:zlib';
import type { Ad, AdPage } from '@kit/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/helper.ts';
import { viewersForFile, multipartFile, PNG_BYTES, pngPicture } from '../../../test/portal-helpers.ts';

const t = appForFile();
const viewers = viewersForFile(t);
beforeEach(() => {
  t.app.db.prepare('DELETE FROM ads').run();
});

const notice = (overrides: Record<string, unknown> = {}) => ({
  title: 'Vendo papa nativa',
  text: 'Papa amarilla y huayro de la cosecha de este año, por arroba.',
  contact: 'Rosa, puesto 4 de la feria',
  category: 'venta',
  expiresInDays: 14,
  ...overrides,
});

async function post(headers: Record<string, string>, body: object = notice()): Promise<Ad> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v2/ads', headers, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const moderate = (id: number, headers: Record<string, string>, body: object) =>
  t.app.inject({ method: 'PUT', url: `/api/v2/admin/ads/${id}/status`, headers, payload: body });
async function board(query = '', headers: Record<string, string> = {}): Promise<AdPage> {
  return (await t.app.inject({ method: 'GET', url: `/api/v2/ads${query}`, headers })).json();
}

describe('POST /api/v2/ads', () => {
  it('needs a logged-in user', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/ads', payload: notice() });
    expect(res.statusCode).toBe(401);
  });

  it("keeps a villager's notice pending (not on the board) with its expiry counted from now", async () => {
    const before = Date.now();
    const ad = await post(viewers.user);
    expect(ad).toMatchObject({ status: 'pending', category: 'venta', title: 'Vendo papa nativa', expired: false, user: { user_name: 'rosa' } });
    const days = (Date.parse(ad.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThan(14.01);
    expect((await board()).data).toEqual([]);
  });

  it("publishes an admin's notice at once", async () => {
    expect((await post(viewers.admin)).status).toBe('published');
    expect((await board()).total).toBe(1);
  });

  it.each([
    ['a title too short', { title: 'Va' }, 'body.title'],
    ['a title of spaces', { title: '      ' }, 'body.title'],
    ['a text too long', { text: 'x'.repeat(1001) }, 'body.text'],
    ['an unknown category', { category: 'politica' }, 'body.category'],
    ['an expiry not offered', { expiresInDays: 365 }, 'body.expiresInDays'],
    ['no contact', { contact: undefined }, 'body.contact'],
  ])('refuses %s with 400', async (_what, overrides, field) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/ads', headers: viewers.user, payload: notice(overrides) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.data.field).toBe(field);
  });

  it('lets one villager have at most 5 notices waiting', async () => {
    for (let i = 0; i < 5; i++) await post(viewers.user);
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/ads', headers: viewers.user, payload: notice() });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('AD_PENDING_LIMIT');
    await post(viewers.other);
  });
});

describe('moderation', () => {
  it('is for admins only', async () => {
    const ad = await post(viewers.user);
    expect((await moderate(ad.id, viewers.user, { status: 'published' })).statusCode).toBe(403);
    expect((await moderate(ad.id, viewers.anonymous, { status: 'published' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/admin/ads', headers: viewers.user })).statusCode).toBe(403);
  });

  it('queues pending notices oldest first, and publishing puts one on the board', async () => {
    const first = await post(viewers.user, notice({ title: 'Primero' }));
    const second = await post(viewers.other, notice({ title: 'Segundo' }));
    const queue = (await t.app.inject({ method: 'GET', url: '/api/v2/admin/ads', headers: viewers.admin })).json() as AdPage;
    expect(queue.data.map((a) => a.id)).toEqual([first.id, second.id]);

    const res = await moderate(second.id, viewers.admin, { status: 'published' });
    expect(res.json()).toMatchObject({ status: 'published' });
    expect((await board()).data.map((a) => a.id)).toEqual([second.id]);
  });

  it('rejects with a reason only the author and admins read', async () => {
    const ad = await post(viewers.user);
    await moderate(ad.id, viewers.admin, { status: 'rejected', reason: 'Falta el precio' });
    const mine = (await t.app.inject({ method: 'GET', url: '/api/v2/ads/mine', headers: viewers.user })).json() as AdPage;
    expect(mine.data[0]).toMatchObject({ id: ad.id, status: 'rejected', statusReason: 'Falta el precio' });
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/ads/${ad.id}`, headers: viewers.other })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/ads/${ad.id}` })).statusCode).toBe(404);
  });

  it.each([
    ['published', 'blocked', 200],
    ['published', 'rejected', 409],
    ['rejected', 'published', 200],
    ['blocked', 'published', 200],
    ['blocked', 'rejected', 409],
  ] as const)('%s → %s answers %i', async (from, to, code) => {
    const ad = await post(viewers.user);
    t.app.db.prepare('UPDATE ads SET status = ? WHERE id = ?').run(from, ad.id);
    const res = await moderate(ad.id, viewers.admin, { status: to });
    expect(res.statusCode).toBe(code);
    if (code === 409) expect(res.json().error.code).toBe('AD_TRANSITION');
  });

  it('takes a blocked notice off the board', async () => {
    const ad = await post(viewers.admin);
    await moderate(ad.id, viewers.admin, { status: 'blocked', reason: 'Estafa' });
    expect((await board()).data).toEqual([]);
  });
});

describe('expiry', () => {
  it('never lists an expired notice, nor serves it to visitors; admins find it under expired', async () => {
    const live = await post(viewers.admin, notice({ title: 'Sigue vigente' }));
    const old = await post(viewers.admin, notice({ title: 'Ya venció' }));
    t.app.db.prepare("UPDATE ads SET expires_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 second') WHERE id = ?").run(old.id);

    expect((await board()).data.map((a) => a.id)).toEqual([live.id]);
    expect((await board('?q=vencio')).total).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/ads/${old.id}`, headers: viewers.other })).statusCode).toBe(404);
    const own = (await t.app.inject({ method: 'GET', url: `/api/v2/ads/${old.id}`, headers: viewers.admin })).json() as Ad;
    expect(own.expired).toBe(true);
    const expired = (await t.app.inject({ method: 'GET', url: '/api/v2/admin/ads?status=expired', headers: viewers.admin })).json() as AdPage;
    expect(expired.data.map((a) => a.id)).toEqual([old.id]);
  });
});

describe('GET /api/v2/ads: search and categories', () => {
  beforeEach(async () => {
    await post(viewers.admin, notice({ title: 'Se busca ayudante de cosecha', text: 'Trabajo de tres días en la chacra de Don Julián.', category: 'empleo' }));
    await post(viewers.admin, notice({ title: 'Faena comunal del canal', text: 'El sábado limpiamos el canal de riego. ¡Traer pala!', category: 'eventos' }));
    await post(viewers.admin, notice({ title: 'Se perdió una llama', text: 'Llama blanca con cinta roja, cerca del puquio.', category: 'perdidos' }));
  });

  it('finds every word, ignoring accents and case', async () => {
    expect((await board('?q=JULIAN%20dias')).data.map((a) => a.title)).toEqual(['Se busca ayudante de cosecha']);
    expect((await board('?q=sabado')).data.map((a) => a.title)).toEqual(['Faena comunal del canal']);
    expect((await board('?q=canal%20llama')).total).toBe(0);
  });

  it('reads only words: punctuation and LIKE wildcards filter nothing', async () => {
    expect((await board('?q=%25%20_')).total).toBe(3);
    expect((await board('?q=%25llama_')).data.map((a) => a.category)).toEqual(['perdidos']);
  });

  it('filters by category and refuses an unknown one', async () => {
    expect((await board('?category=perdidos')).data.map((a) => a.category)).toEqual(['perdidos']);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/ads?category=nada' })).statusCode).toBe(400);
  });

  it('pages newest first', async () => {
    const page = await board();
    expect(page).toMatchObject({ total: 3, from: 1, to: 3, current_page: 1, last_page: 1, per_page: 20 });
    expect(page.data[0]?.title).toBe('Se perdió una llama');
  });
});

/** A PNG whose header claims width × height pixels over a 1 × 1 picture's data: a "decompression bomb" by its size alone. */
async function claimedPng(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await pngPicture(1, 1));
  // IHDR's data starts at byte 16 (8 magic, 4 length, 4 type); its CRC covers type and data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('pictures and withdrawal', () => {
  const upload = async (id: number, headers: Record<string, string>, bytes?: Buffer) => {
    const body = multipartFile(bytes ?? (await pngPicture()), 'foto.png', { type: 'image/png' });
    return t.app.inject({ method: 'POST', url: `/api/v2/ads/${id}/image`, headers: { ...headers, ...body.headers }, payload: body.payload });
  };

  it('lets the author add a picture while the notice waits; others get 404', async () => {
    const ad = await post(viewers.user);
    expect((await upload(ad.id, viewers.other)).statusCode).toBe(404);
    const res = await upload(ad.id, viewers.user);
    expect(res.statusCode).toBe(200);
    expect((res.json() as Ad).imageUrl).toMatch(/^\/api\/media\/[0-9a-f]{64}\.webp$/);
    const bad = await upload(ad.id, viewers.user, Buffer.from('no soy una imagen'));
    expect(bad.json().error.code).toBe('UPLOAD_NOT_IMAGE');
    await moderate(ad.id, viewers.admin, { status: 'published' });
    expect((await upload(ad.id, viewers.user)).statusCode).toBe(409);
  });

  it('shows the author the picture of a notice still waiting for review; other villagers and visitors get 404', async () => {
    const ad = await post(viewers.user);
    const imageUrl = ((await upload(ad.id, viewers.user, await pngPicture(64, 48, 17))).json() as Ad).imageUrl ?? '';
    expect((await t.app.inject({ url: imageUrl, headers: viewers.user })).statusCode).toBe(200);
    expect((await t.app.inject({ url: imageUrl, headers: viewers.admin })).statusCode).toBe(200);
    for (const headers of [viewers.other, {}]) expect((await t.app.inject({ url: imageUrl, headers })).statusCode).toBe(404);
  });

  it('decodes the picture within the pixel bound and keeps only its display copy', async () => {
    const ad = await post(viewers.user);
    const res = await upload(ad.id, viewers.user, await pngPicture(2000, 1500));
    expect(res.statusCode, res.body).toBe(200);
    const sha = /([0-9a-f]{64})\.webp$/.exec((res.json() as Ad).imageUrl ?? '')?.[1];
    expect(t.app.db.prepare('SELECT mime, width, height FROM media WHERE sha256 = ?').get(sha)).toEqual({ mime: 'image/webp', width: 1280, height: 960 });

    // 30 000 × 30 000 pixels claimed by a file of a few bytes: refused before it is decoded, the notice keeps its picture
    const bomb = await upload(ad.id, viewers.user, await claimedPng(30_000, 30_000));
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json().error).toMatchObject({ code: 'PICTURE_TOO_LARGE', message: 'La imagen tiene demasiados píxeles (máximo 50 megapíxeles)' });
    // a PNG by its first bytes that no decoder reads
    const broken = await upload(ad.id, viewers.user, PNG_BYTES);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe('PICTURE_UNREADABLE');
    const now = await t.app.inject({ method: 'GET', url: `/api/v2/ads/${ad.id}`, headers: viewers.user });
    expect((now.json() as Ad).imageUrl).toBe((res.json() as Ad).imageUrl);
  });

  it('lets the author or an admin withdraw a notice', async () => {
    const ad = await post(viewers.user);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v2/ads/${ad.id}`, headers: viewers.other })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v2/ads/${ad.id}`, headers: viewers.user })).statusCode).toBe(204);
    const again = await post(viewers.user);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v2/ads/${again.id}`, headers: viewers.admin })).statusCode).toBe(204);
  });
});
