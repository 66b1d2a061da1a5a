import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { makeViewers, type Viewers } from '../../../test/portal-helpers.ts';
import { createUser, login } from '../../../test/helper.ts';
import { addCategory } from '../../../test/library-fixtures.ts';

let t: TestApp;
let viewers: Viewers & { ids: { admin: number; user: number; other: number } };

beforeAll(async () => {
  t = await buildTestApp({ KIT_SERVICES_MODE: 'planet' });
  viewers = await makeViewers(t.app);
});
afterAll(async () => t.close());

const put = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'PUT', url: '/api/v2/admin/settings', headers, payload });
const mode = async () => (await t.app.inject({ method: 'GET', url: '/api/v3/fastAccessServices' })).json().mode as string;

describe('PUT /api/v2/admin/settings', () => {
  it('starts a fresh kit in the services mode of KIT_SERVICES_MODE', async () => {
    expect(await mode()).toBe('planet');
  });

  it('lets an admin switch the services mode, which the menu follows at once', async () => {
    const res = await put(viewers.admin, { servicesMode: 'community' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ servicesMode: 'community' });
    expect(await mode()).toBe('community');
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/id/config' })).json().servicesMode).toBe('community');
  });

  it('changes the contact e-mail and the two phones the contact modal shows', async () => {
    const res = await put(viewers.admin, { contactEmail: 'ayuda@valle.kit', contactPhones: ['+51 900 111 222', '+51 900 333 444'] });
    expect(res.json()).toMatchObject({ contactEmail: 'ayuda@valle.kit', contactPhones: ['+51 900 111 222', '+51 900 333 444'] });
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/id/config' })).json()).toMatchObject({ contactEmail: 'ayuda@valle.kit' });
  });

  it.each([
    ['an unknown mode', { servicesMode: 'fiesta' }, 'body.servicesMode'],
    ['a malformed e-mail', { contactEmail: 'no es correo' }, 'body.contactEmail'],
    ['one phone instead of two', { contactPhones: ['+51 900 111 222'] }, 'body.contactPhones'],
    ['nothing to change', {}, 'body'],
  ])('refuses %s with 400 naming the field', async (_what, body, field) => {
    const res = await put(viewers.admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION', data: { field } });
  });

  it('refuses a key this endpoint does not manage rather than ignoring it', async () => {
    const res = await put(viewers.admin, { appPackageId: 3 });
    expect(res.statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await put(viewers.anonymous, { servicesMode: 'default' })).statusCode).toBe(401);
    expect((await put(viewers.user, { servicesMode: 'default' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/admin/settings', headers: viewers.user })).statusCode).toBe(403);
    expect(await mode()).toBe('community');
  });
});

describe('PUT /api/v2/admin/settings: the rest of /admin/data (docs/API-admin.md)', () => {
  const config = async () => (await t.app.inject({ method: 'GET', url: '/api/v2/id/config' })).json();

  it('switches moderation, restricted mode and downloads, effective at once', async () => {
    const res = await put(viewers.admin, { resourceModeration: false, restrictedMode: true, appDenyDownloadsForUsers: true });
    expect(res.json()).toMatchObject({ resourceModeration: false, restrictedMode: true, appDenyDownloadsForUsers: true });
    expect(await config()).toMatchObject({ resourceModeration: false, restrictedMode: true, appDenyDownloadsForUsers: true });
    await put(viewers.admin, { restrictedMode: false });
  });

  it('stores denied users in their table, and the denied lose the admin area', async () => {
    const admin2 = await createUser(t.app, 'segunda', 'secreto-segunda', { admin: true });
    const res = await put(viewers.admin, { deniedUsers: [admin2, viewers.ids.user] });
    expect(res.json().deniedUsers).toEqual([viewers.ids.user, admin2].sort((a, b) => a - b));
    expect(t.app.db.prepare('SELECT COUNT(*) n FROM denied_users').get()).toEqual({ n: 2 });
    // the public client config does not tell who they are (each caller learns only about themself)
    expect((await config()).deniedUsers).toEqual([]);
    const token = (await login(t.app, 'segunda', 'secreto-segunda')).token;
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/admin/settings', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(403);
    await put(viewers.admin, { deniedUsers: [] });
    expect(t.app.db.prepare('SELECT COUNT(*) n FROM denied_users').get()).toEqual({ n: 0 });
  });

  it.each([
    ['an unknown user', () => ({ deniedUsers: [99999] }), 'SETTING_USER_NOT_FOUND'],
    ['the admin themselves', () => ({ deniedUsers: [viewers.ids.admin] }), 'SETTING_DENY_SELF'],
    ['an unknown tutorial category', () => ({ tutorialCategoryId: 99999 }), 'SETTING_CATEGORY_NOT_FOUND'],
    ['an unknown client category', () => ({ clientCategoryId: 99999 }), 'SETTING_CATEGORY_NOT_FOUND'],
    ['a slug with capitals', () => ({ productSlug: 'Biblio' }), 'VALIDATION'],
    ['a one-letter slug', () => ({ productSlug: 'b' }), 'VALIDATION'],
    ['a slug taken by the app', () => ({ productSlug: 'admin' }), 'PRODUCT_SLUG_RESERVED'],
    ['the menu as slug', () => ({ productSlug: 'menu' }), 'PRODUCT_SLUG_RESERVED'],
    ['an empty product name', () => ({ productName: '  ' }), 'VALIDATION'],
  ])('refuses %s', async (_what, body, code) => {
    const res = await put(viewers.admin, body());
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.json().error.code).toBe(code);
  });

  it('sets tutorial and client categories to existing ones or null, and the product name and slug', async () => {
    const cat = addCategory(t.app.db, 'Tutoriales', { priority: 1 });
    const res = await put(viewers.admin, { tutorialCategoryId: cat, clientCategoryId: null, productName: 'Biblioteca del Valle', productSlug: 'valle-2' });
    expect(res.statusCode).toBe(200);
    expect(await config()).toMatchObject({ tutorialCategoryId: cat, clientCategoryId: null, productName: 'Biblioteca del Valle', productSlug: 'valle-2' });
  });
});
