import type { ClientConfig, FastAccessServices, ServicesModeName } from '@kit/contract';
import { describe, expect, it } from 'vitest';
import { addCategory, addMedia } from '../../../test/library-fixtures.ts';
import { appForFile } from '../../../test/helper.ts';
import { viewersForFile, multipartFile, PNG_BYTES, pngPicture } from '../../../test/portal-helpers.ts';
import { writeSettings } from '../../kit-settings/kit-settings.repo.ts';

const t = appForFile();
const viewers = viewersForFile(t);

async function services(headers: Record<string, string> = {}): Promise<FastAccessServices> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v3/fastAccessServices', headers });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const ids = (list: FastAccessServices['availableServices']) => list.services.map((s) => s.id);

describe('GET /api/v3/fastAccessServices: the three services modes', () => {
  it.each([
    [
      'default',
      'Portal de servicios de tu comunidad',
      'Tu portal',
      ['login', 'library', 'uadmin', 'multimedia', 'books', 'apps', 'courses', 'encyclopedia', 'news', 'ads', 'surveys', 'tutorial', 'appDownload', 'addTool'],
    ],
    [
      'planet',
      'Planeta: aprender y vivir bien',
      'Planeta',
      ['login', 'library', 'uadmin', 'sustainability', 'nutrition', 'wellbeing', 'courses', 'books', 'encyclopedia', 'tutorial', 'appDownload', 'addTool'],
    ],
    [
      'community',
      'Comunidad: trabajo, salud y servicios',
      'Comunidad',
      ['login', 'library', 'uadmin', 'employability', 'ads', 'telehealth', 'government', 'chat', 'news', 'surveys', 'appDownload', 'addTool'],
    ],
  ] as const)('%s mode has its own title and tiles', async (mode, title, mobileTitle, tools) => {
    writeSettings(t.app.db, { servicesMode: mode as ServicesModeName });
    const answer = await services(viewers.admin);
    expect(answer.mode).toBe(mode);
    expect(answer.availableServices.title).toBe(title);
    expect(answer.mobileServices.title).toBe(mobileTitle);
    expect(ids(answer.availableServices)).toEqual(tools);
    expect(answer.unetData.header).toBe(title);
    // Surveys are desktop-only: the phone list is the same tiles without them.
    expect(ids(answer.mobileServices)).toEqual(tools.filter((id) => id !== 'surveys'));
  });

  it('shows chat and government info disabled, and tools with no target as such', async () => {
    writeSettings(t.app.db, { servicesMode: 'community' });
    const answer = await services();
    const byId = new Map(answer.availableServices.services.map((s) => [s.id, s]));
    expect(byId.get('chat')).toMatchObject({ disabled: true, href: null });
    expect(byId.get('government')).toMatchObject({ disabled: true, href: null });
    expect(byId.get('telehealth')).toMatchObject({ disabled: false, href: null });
    expect(byId.get('ads')).toMatchObject({ disabled: false, href: '/anuncios', external: false });
    expect(byId.get('appDownload')?.href).toBe('/extra/download');
  });

  it('points library tiles at the library slug and type filters', async () => {
    writeSettings(t.app.db, { servicesMode: 'default', productSlug: 'saberes', productName: 'Saberes' });
    const byId = new Map((await services()).availableServices.services.map((s) => [s.id, s]));
    expect(byId.get('library')).toMatchObject({ name: 'Saberes', href: '/saberes' });
    expect(byId.get('multimedia')?.href).toBe('/saberes?type=3');
    expect(byId.get('books')?.href).toBe('/saberes?type=2');
    writeSettings(t.app.db, { productSlug: 'biblioteca', productName: 'Biblioteca' });
  });

  it('sends the intro video tile to the tutorial category once one is configured', async () => {
    writeSettings(t.app.db, { servicesMode: 'default' });
    const tutorial = () => services().then((a) => a.availableServices.services.find((s) => s.id === 'tutorial'));
    expect((await tutorial())?.href).toBeNull();
    const category = addCategory(t.app.db, 'Tutoriales');
    writeSettings(t.app.db, { tutorialCategoryId: category });
    expect((await tutorial())?.href).toBe(`/biblioteca?c=${category}`);
    writeSettings(t.app.db, { tutorialCategoryId: null });
  });
});

describe('Uadmin and the add-tool tile: admins only, on both lists', () => {
  it.each([
    ['anonymous', false],
    ['user', false],
    ['admin', true],
  ] as const)('%s sees them: %s', async (who, seen) => {
    writeSettings(t.app.db, { servicesMode: 'planet' });
    const answer = await services(viewers[who]);
    for (const list of [answer.availableServices, answer.mobileServices]) {
      expect(ids(list).includes('uadmin'), `${list.title} uadmin`).toBe(seen);
      expect(ids(list).includes('addTool'), `${list.title} addTool`).toBe(seen);
    }
    const uadmin = answer.availableServices.services.find((s) => s.id === 'uadmin');
    if (seen) expect(uadmin).toMatchObject({ name: 'Uadmin', href: '/admin', adminOnly: true });
  });

  it('an admin on the denied-users list does not get them either', async () => {
    t.app.db.prepare("INSERT INTO denied_users (user_id) SELECT id FROM users WHERE user_name = 'jefa'").run();
    try {
      expect(ids((await services(viewers.admin)).availableServices)).not.toContain('uadmin');
    } finally {
      t.app.db.prepare('DELETE FROM denied_users').run();
    }
  });
});

describe('GET /api/v2/id/config: what decides between the phone and the desktop list', () => {
  const config = async (headers: Record<string, string>, query = ''): Promise<ClientConfig> =>
    (await t.app.inject({ method: 'GET', url: `/api/v2/id/config${query}`, headers })).json();
  const phone = 'Mozilla/5.0 (Linux; Android 11; SM-A105M) AppleWebKit/537.36 Chrome/119.0 Mobile Safari/537.36';
  const tablet = 'Mozilla/5.0 (Linux; Android 11; SM-T220) AppleWebKit/537.36 Chrome/119.0 Safari/537.36';
  const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';

  it('tells phones, tablets and desktops apart', async () => {
    expect((await config({ 'user-agent': phone })).device).toBe('smartphone');
    expect((await config({ 'user-agent': tablet })).device).toBe('tablet');
    expect((await config({ 'user-agent': desktop })).device).toBe('desktop');
  });

  it('has the desktop view on by default, off once the phone asked for the mobile view', async () => {
    expect((await config({ 'user-agent': phone })).seeDesktop).toBe(true);
    expect((await config({ 'user-agent': phone, cookie: 'kp_see_desktop=0' })).seeDesktop).toBe(false);
    expect((await config({ 'user-agent': phone, cookie: 'kp_see_desktop=0' }, '?seeDesktop=true')).seeDesktop).toBe(true);
  });
});

describe('menu banners and the publicity banner', () => {
  const upload = (slot: string, bytes: Buffer) => {
    const body = multipartFile(bytes, 'banner.png', { type: 'image/png' });
    return t.app.inject({ method: 'POST', url: `/api/v2/admin/banners/${slot}`, payload: body.payload, headers: { ...body.headers, ...viewers.admin } });
  };

  it('shows the newest banner of each menu slot at its path', async () => {
    const first = await upload('menuTop', await pngPicture(64, 48, 10));
    expect(first.statusCode).toBe(201);
    const second = await upload('menuTop', await pngPicture(64, 48, 20));
    const mobile = await upload('menuMobile', await pngPicture(64, 48, 30));
    const answer = await services();
    expect(answer.pathMenuTopBanner).toBe(second.json().imageUrl);
    expect(answer.pathMenuTopBanner).not.toBe(first.json().imageUrl);
    expect(answer.pathMenuMobileBanner).toBe(mobile.json().imageUrl);
    expect(answer.pathMenuBottomBanner).toBeNull();
    // A visitor can load it: an active banner's picture is public.
    expect((await t.app.inject({ method: 'GET', url: answer.pathMenuTopBanner ?? '' })).statusCode).toBe(200);
  });

  it('refuses what is not a picture', async () => {
    const res = await upload('menuBottom', Buffer.from('<html>hola</html>'));
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UPLOAD_NOT_IMAGE');
  });

  it('rotates the publicity banner over admin banners and pictures of notices on the board, never expired ones', async () => {
    const banner = (await upload('publicity', await pngPicture(64, 48, 40))).json().imageUrl as string;
    const sha = addMedia(t.app.db, t.dataDir, Buffer.concat([PNG_BYTES, Buffer.from('anuncio')]), 'png', 'image/png');
    const expiredSha = addMedia(t.app.db, t.dataDir, Buffer.concat([PNG_BYTES, Buffer.from('vencido')]), 'png', 'image/png');
    const insert = t.app.db.prepare("INSERT INTO ads (title, body, image_sha256, status, expires_at) VALUES ('Feria', 'Feria del domingo', ?, 'published', ?)");
    insert.run(sha, '2999-01-01T00:00:00.000Z');
    insert.run(expiredSha, '2000-01-01T00:00:00.000Z');
    const seen = new Set<string | null>();
    for (let i = 0; i < 6; i++) seen.add((await services()).pathPublicityBanner);
    expect([...seen].sort()).toEqual([banner, `/api/media/${sha}.png`].sort());
  });

  it('lists and removes banners (admins only)', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/v2/admin/banners', headers: viewers.admin });
    const banners = list.json().data as { id: number; slot: string; active: boolean }[];
    expect(banners.filter((b) => b.slot === 'menuTop').map((b) => b.active)).toEqual([true, false]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/admin/banners', headers: viewers.user })).statusCode).toBe(403);
    const mobile = banners.find((b) => b.slot === 'menuMobile');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v2/admin/banners/${mobile?.id}`, headers: viewers.admin })).statusCode).toBe(204);
    expect((await services()).pathMenuMobileBanner).toBeNull();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v2/admin/banners/${mobile?.id}`, headers: viewers.admin })).statusCode).toBe(404);
  });
});
