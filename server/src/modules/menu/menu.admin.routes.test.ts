import { SERVICES_MODES, TILE_ICONS, type AdminMenu, type AdminTile, type FastAccessServices } from '@kit/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addCategory } from '../../../test/library-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { makeViewers, type Viewers } from '../../../test/portal-helpers.ts';
import { writeSettings } from '../../kit-settings/kit-settings.repo.ts';

let t: TestApp;
let viewers: Viewers;
let category: number;

beforeAll(async () => {
  t = await buildTestApp();
  viewers = await makeViewers(t.app);
  category = addCategory(t.app.db, 'Agricultura');
});
afterAll(async () => t.close());
beforeEach(() => {
  t.app.db.prepare('DELETE FROM menu_tiles').run();
  writeSettings(t.app.db, { servicesMode: 'default' });
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api/v2/admin/menu${url}`, headers, ...(payload ? { payload } : {}) });

async function menu(headers: Record<string, string> = {}): Promise<FastAccessServices> {
  return (await t.app.inject({ method: 'GET', url: '/api/v3/fastAccessServices', headers })).json();
}
const tileOf = (answer: FastAccessServices, id: string) => answer.availableServices.services.find((s) => s.id === id);

describe('menu editor API: admins only', () => {
  const attempts: [string, 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', string, object?][] = [
    ['read a mode', 'GET', '/default'],
    ['add a tile', 'POST', '/default/tiles', { label: 'Agro', target: { kind: 'route', value: '/uapps' } }],
    ['edit a tile', 'PATCH', '/default/tiles/news', { target: { kind: 'url', value: 'http://10.0.0.1:8081/' } }],
    ['hide a tile', 'PATCH', '/default/tiles/news', { hidden: true }],
    ['reset a tile', 'DELETE', '/default/tiles/news'],
    ['order the tiles', 'PUT', '/default/order', { keys: ['news'] }],
  ];

  it.each(attempts)('refuses anonymous visitors (401) and villagers (403): %s', async (_what, method, url, payload) => {
    const anonymous = await call(method, url, viewers.anonymous, payload);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHORIZED');
    const user = await call(method, url, viewers.user, payload);
    expect(user.statusCode).toBe(403);
    expect(user.json().error.code).toBe('FORBIDDEN');
    expect(t.app.db.prepare('SELECT count(*) AS n FROM menu_tiles').get()).toEqual({ n: 0 });
  });

  it('refuses a cookie-authenticated change without the portal header (cross-site)', async () => {
    const cookie = `kp_token=${viewers.admin.authorization?.slice(7)}`;
    const res = await call('PATCH', '/default/tiles/news', { cookie }, { hidden: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_REJECTED');
  });

  it('lists every tile of a mode for admins, hidden and admin-only ones included', async () => {
    const res = await call('GET', '/community', viewers.admin);
    expect(res.statusCode).toBe(200);
    const body = res.json() as AdminMenu;
    expect(body).toMatchObject({ mode: 'community', active: false, title: 'Comunidad: trabajo, salud y servicios' });
    expect(body.tiles.find((tile) => tile.key === 'uadmin')).toMatchObject({ adminOnly: true, lockedTarget: true });
    expect(body.tiles.find((tile) => tile.key === 'chat')).toMatchObject({ disabled: true, lockedTarget: true, target: { kind: 'none', value: '' } });
  });
});

describe('tile targets', () => {
  it('an admin adds a tile pointing to a category; visitors get a link to the library filtered by it, on both lists', async () => {
    const res = await call('POST', '/default/tiles', viewers.admin, { label: ' Agricultura ', target: { kind: 'category', value: String(category) } });
    expect(res.statusCode).toBe(201);
    const tile = res.json() as AdminTile;
    expect(tile).toMatchObject({ name: 'Agricultura', custom: true, href: `/biblioteca?c=${category}`, hidden: false });
    const answer = await menu();
    for (const list of [answer.availableServices, answer.mobileServices]) {
      expect(list.services.at(-1)).toEqual({ id: tile.key, name: 'Agricultura', href: `/biblioteca?c=${category}`, external: false, disabled: false, adminOnly: false, icon: 'star' });
    }
  });

  it('an admin points a catalogue tool at another service on the kit, which opens outside the PWA', async () => {
    const res = await call('PATCH', '/default/tiles/encyclopedia', viewers.admin, { target: { kind: 'url', value: 'http://portal.kit:8081/wikipedia_es' } });
    expect(res.statusCode).toBe(200);
    expect(tileOf(await menu(), 'encyclopedia')).toMatchObject({ href: 'http://portal.kit:8081/wikipedia_es', external: true });
  });

  it.each([
    ['a category that does not exist', { kind: 'category', value: '999999' }],
    ['a category that is not an id', { kind: 'category', value: 'agro' }],
    ['a type code out of range', { kind: 'type', value: '8' }],
    ['a route to another site', { kind: 'route', value: '//evil.example/' }],
    ['a route into the API', { kind: 'route', value: '/api/v2/admin/menu/default' }],
    ['a script address', { kind: 'url', value: 'javascript:alert(1)' }],
    ['text that is not an address', { kind: 'url', value: 'enciclopedia' }],
  ])('refuses %s with 400 TILE_TARGET_INVALID', async (_what, target) => {
    const res = await call('PATCH', '/default/tiles/news', viewers.admin, { target });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'TILE_TARGET_INVALID', data: { field: 'target.value' } });
    expect(tileOf(await menu(), 'news')?.href).toBeNull();
  });

  it('refuses an unknown target kind with 400', async () => {
    const res = await call('PATCH', '/default/tiles/news', viewers.admin, { target: { kind: 'ftp', value: 'x' } });
    expect(res.statusCode).toBe(400);
  });

  it('changes a label and a type filter, then resets the tool to the catalogue', async () => {
    await call('PATCH', '/default/tiles/news', viewers.admin, { label: 'Noticias del valle', target: { kind: 'type', value: '4' } });
    expect(tileOf(await menu(), 'news')).toMatchObject({ name: 'Noticias del valle', href: '/biblioteca?type=4' });
    await call('PATCH', '/default/tiles/news', viewers.admin, { label: null });
    expect(tileOf(await menu(), 'news')).toMatchObject({ name: 'Noticias', href: '/biblioteca?type=4' });
    expect((await call('DELETE', '/default/tiles/news', viewers.admin)).statusCode).toBe(204);
    expect(tileOf(await menu(), 'news')).toMatchObject({ name: 'Noticias', href: null });
  });

  it('keeps the targets of login, Uadmin, the editor and the disabled tools fixed', async () => {
    for (const key of ['login', 'uadmin', 'addTool', 'chat']) {
      const mode = key === 'chat' ? 'community' : 'default';
      const res = await call('PATCH', `/${mode}/tiles/${key}`, viewers.admin, { target: { kind: 'route', value: '/uapps' } });
      expect(res.statusCode, key).toBe(409);
      expect(res.json().error.code).toBe('TILE_LOCKED');
    }
    const hide = await call('PATCH', '/default/tiles/addTool', viewers.admin, { hidden: true });
    expect(hide.json().error).toMatchObject({ code: 'TILE_LOCKED', data: { field: 'hidden' } });
  });

  it('says 404 for a tool that is not on that mode, or an added tile of another mode', async () => {
    expect((await call('PATCH', '/planet/tiles/ads', viewers.admin, { hidden: true })).json().error.code).toBe('TILE_NOT_FOUND');
    const added = (await call('POST', '/planet/tiles', viewers.admin, { label: 'Huertos', target: { kind: 'none', value: '' } })).json() as AdminTile;
    expect((await call('PATCH', `/default/tiles/${added.key}`, viewers.admin, { hidden: true })).statusCode).toBe(404);
  });

  it('shows a tile honestly without a target when its category is gone', async () => {
    const gone = addCategory(t.app.db, 'Temporal');
    const tile = (await call('POST', '/default/tiles', viewers.admin, { label: 'Temporal', target: { kind: 'category', value: String(gone) } })).json() as AdminTile;
    t.app.db.prepare('DELETE FROM categories WHERE id = ?').run(gone);
    expect(tileOf(await menu(), tile.key)).toMatchObject({ href: null, disabled: false });
  });
});

describe('tile pictograms', () => {
  it.each(SERVICES_MODES)('%s: every tool shows a pictogram of the set, none the same as another, on both lists', async (mode) => {
    writeSettings(t.app.db, { servicesMode: mode });
    const answer = await menu(viewers.admin);
    for (const list of [answer.availableServices, answer.mobileServices]) {
      const icons = list.services.map((s) => s.icon);
      for (const icon of icons) expect(TILE_ICONS).toContain(icon);
      expect(new Set(icons).size).toBe(icons.length);
    }
    expect(tileOf(answer, 'library')?.icon).toBe('library');
  });

  it('an added tile shows the pictogram the admin chose, or the default one', async () => {
    const chosen = (await call('POST', '/default/tiles', viewers.admin, { label: 'Huertos', target: { kind: 'none', value: '' }, icon: 'leaf' })).json() as AdminTile;
    expect(chosen).toMatchObject({ icon: 'leaf', defaultIcon: null });
    const plain = (await call('POST', '/default/tiles', viewers.admin, { label: 'Avisos', target: { kind: 'none', value: '' } })).json() as AdminTile;
    expect(plain.icon).toBe('star');
    const answer = await menu();
    expect(tileOf(answer, chosen.key)?.icon).toBe('leaf');
    expect(tileOf(answer, plain.key)?.icon).toBe('star');

    await call('PATCH', `/default/tiles/${plain.key}`, viewers.admin, { icon: 'water' });
    expect(tileOf(await menu(), plain.key)?.icon).toBe('water');
    await call('PATCH', `/default/tiles/${plain.key}`, viewers.admin, { icon: null });
    expect(tileOf(await menu(), plain.key)?.icon).toBe('star');
  });

  it('an admin changes a catalogue tool’s pictogram, and null puts the catalogue’s back', async () => {
    const res = await call('PATCH', '/default/tiles/news', viewers.admin, { icon: 'megaphone' });
    expect(res.json()).toMatchObject({ icon: 'megaphone', defaultIcon: 'newspaper' });
    expect(tileOf(await menu(), 'news')?.icon).toBe('megaphone');
    // a change of name leaves the pictogram alone
    await call('PATCH', '/default/tiles/news', viewers.admin, { label: 'Avisos del valle' });
    expect(tileOf(await menu(), 'news')?.icon).toBe('megaphone');
    await call('PATCH', '/default/tiles/news', viewers.admin, { icon: null });
    expect(tileOf(await menu(), 'news')?.icon).toBe('newspaper');
  });

  it.each([
    ['a name outside the set', 'dragon'],
    ['an address of a picture', '/images/logo.svg'],
    ['SVG markup', '<svg onload="alert(1)"/>'],
  ])('refuses %s with 400 VALIDATION on the icon field, and changes nothing', async (_what, icon) => {
    const edit = await call('PATCH', '/default/tiles/news', viewers.admin, { icon });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error).toMatchObject({ code: 'VALIDATION', data: { field: 'body.icon' } });
    const add = await call('POST', '/default/tiles', viewers.admin, { label: 'Huertos', target: { kind: 'none', value: '' }, icon });
    expect(add.statusCode).toBe(400);
    expect(add.json().error).toMatchObject({ code: 'VALIDATION', data: { field: 'body.icon' } });
    expect(t.app.db.prepare('SELECT count(*) AS n FROM menu_tiles').get()).toEqual({ n: 0 });
    expect(tileOf(await menu(), 'news')?.icon).toBe('newspaper');
  });

  it('falls back to the tile’s default when a stored pictogram is no longer in the set', async () => {
    await call('PATCH', '/default/tiles/news', viewers.admin, { icon: 'megaphone' });
    t.app.db.prepare("UPDATE menu_tiles SET icon = 'retired' WHERE tool_id = 'news'").run();
    expect(tileOf(await menu(), 'news')?.icon).toBe('newspaper');
  });
});

describe('hiding and ordering tiles', () => {
  it('a hidden tile leaves both lists but stays in the editor', async () => {
    await call('PATCH', '/default/tiles/books', viewers.admin, { hidden: true });
    const answer = await menu();
    expect(tileOf(answer, 'books')).toBeUndefined();
    expect(answer.mobileServices.services.some((s) => s.id === 'books')).toBe(false);
    const editor = (await call('GET', '/default', viewers.admin)).json() as AdminMenu;
    expect(editor.tiles.find((tile) => tile.key === 'books')?.hidden).toBe(true);
    await call('PATCH', '/default/tiles/books', viewers.admin, { hidden: false });
    expect(tileOf(await menu(), 'books')).toBeDefined();
  });

  it('stores a new order of every tile, and refuses an order that leaves one out', async () => {
    const added = (await call('POST', '/default/tiles', viewers.admin, { label: 'Agro', target: { kind: 'category', value: String(category) } })).json() as AdminTile;
    const keys = ((await call('GET', '/default', viewers.admin)).json() as AdminMenu).tiles.map((tile) => tile.key);
    const reversed = [...keys].reverse();
    const res = await call('PUT', '/default/order', viewers.admin, { keys: reversed });
    expect(res.statusCode).toBe(200);
    expect((res.json() as AdminMenu).tiles.map((tile) => tile.key)).toEqual(reversed);
    expect((await menu(viewers.admin)).availableServices.services.map((s) => s.id)).toEqual(reversed);
    expect((await menu()).availableServices.services[0]?.id).toBe(added.key);

    const partial = await call('PUT', '/default/order', viewers.admin, { keys: reversed.slice(1) });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().error.code).toBe('TILE_ORDER_INVALID');
    const twice = await call('PUT', '/default/order', viewers.admin, { keys: [...reversed.slice(1), reversed[1]] });
    expect(twice.statusCode).toBe(400);
  });

  it('deletes an added tile', async () => {
    const added = (await call('POST', '/default/tiles', viewers.admin, { label: 'Agro', target: { kind: 'route', value: '/anuncios' } })).json() as AdminTile;
    expect((await call('DELETE', `/default/tiles/${added.key}`, viewers.admin)).statusCode).toBe(204);
    expect(tileOf(await menu(), added.key)).toBeUndefined();
    expect((await call('DELETE', `/default/tiles/${added.key}`, viewers.admin)).statusCode).toBe(404);
  });
});
