import { ClientConfigSchema, FastAccessServicesSchema } from '@kit/contract';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, login, type TestApp } from '../test/helper.ts';
import { writeSettings } from './kit-settings/kit-settings.repo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('unknown /api paths', () => {
  it('answer 404 with the error object', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: {
        httpCode: 404,
        type: 'not_found',
        code: 'ROUTE_NOT_FOUND',
        message: 'Error 404 - La página o recurso al que esta intentando acceder no existe o no está disponible',
        data: null,
      },
    });
  });

  it('answer 404 for other methods too', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v2/id/config' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('ROUTE_NOT_FOUND');
  });
});

describe('validation failures', () => {
  it('are a 400 naming the field', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/id/config?seeDesktop=quizas' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('VALIDATION');
    expect(body.error.data.field).toBe('querystring.seeDesktop');
    expect(body.error.message).toContain('seeDesktop');
  });
});

describe('GET /api/health', () => {
  it('reports the database and version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', db: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });
});

describe('GET /api/v2/id/config', () => {
  const android = 'Mozilla/5.0 (Linux; Android 9; moto g(7)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';

  it('answers every Config field of the specification', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/id/config', headers: { 'user-agent': android } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Value.Check(ClientConfigSchema, body)).toBe(true);
    expect(body).toMatchObject({ isKit: false, os: 'android', device: 'smartphone', isOldBrowser: false, seeDesktop: true, servicesMode: 'default', productSlug: 'biblioteca' });
  });

  it('follows the settings table and the seeDesktop cookie', async () => {
    writeSettings(t.app.db, { restrictedMode: true, servicesMode: 'community' });
    t.app.db.prepare("INSERT INTO users (id, user_name, password_hash) VALUES (77, 'vetado', 'x')").run();
    t.app.db.prepare('INSERT INTO denied_users (user_id) VALUES (77)').run();
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/id/config', cookies: { kp_see_desktop: '0' } });
    expect(res.json()).toMatchObject({ restrictedMode: true, servicesMode: 'community', seeDesktop: false });
    writeSettings(t.app.db, { restrictedMode: false, servicesMode: 'default' });
    t.app.db.prepare('DELETE FROM users WHERE id = 77').run();
  });

  it('tells each caller only whether they themself are on the denied-users list, never who else is', async () => {
    const denied = await createUser(t.app, 'negada', 'clave-negada', { admin: true });
    const other = await createUser(t.app, 'negado', 'clave-negado', { admin: true });
    await createUser(t.app, 'vecina', 'clave-vecina');
    await createUser(t.app, 'jefa', 'clave-jefa', { admin: true });
    for (const id of [denied, other]) t.app.db.prepare('INSERT INTO denied_users (user_id) VALUES (?)').run(id);
    const deniedSeenBy = async (name: string | null) => {
      const token = name ? (await login(t.app, name, `clave-${name}`)).token : undefined;
      const res = await t.app.inject({ method: 'GET', url: '/api/v2/id/config', headers: token ? { authorization: `Bearer ${token}` } : {} });
      expect(res.headers['cache-control']).toBe('private, no-cache');
      return res.json().deniedUsers as number[];
    };
    expect(await deniedSeenBy(null)).toEqual([]);
    expect(await deniedSeenBy('vecina')).toEqual([]);
    expect(await deniedSeenBy('jefa')).toEqual([]);
    expect(await deniedSeenBy('negada')).toEqual([denied]);
    expect(await deniedSeenBy('negado')).toEqual([other]);
    t.app.db.prepare('DELETE FROM denied_users').run();
  });
});

describe('GET /api/v3/fastAccessServices', () => {
  it.each(['default', 'planet', 'community'] as const)('answers the %s mode with its own title and tiles', async (mode) => {
    writeSettings(t.app.db, { servicesMode: mode });
    const res = await t.app.inject({ method: 'GET', url: '/api/v3/fastAccessServices' });
    const body = res.json();
    expect(Value.Check(FastAccessServicesSchema, body)).toBe(true);
    expect(body.mode).toBe(mode);
    expect(body.countriesAvailable.map((c: { code: string }) => c.code)).toEqual(['+51', '+502', '+1']);
    // Uadmin is for admins only: an anonymous visitor sees it in neither list.
    for (const list of [body.availableServices, body.mobileServices]) {
      expect(list.services.map((s: { id: string }) => s.id)).not.toContain('uadmin');
      expect(list.services.map((s: { id: string }) => s.id)).toContain('library');
    }
  });

  it('gives each mode a different title', async () => {
    const titles = new Set<string>();
    for (const mode of ['default', 'planet', 'community'] as const) {
      writeSettings(t.app.db, { servicesMode: mode });
      titles.add((await t.app.inject({ method: 'GET', url: '/api/v3/fastAccessServices' })).json().availableServices.title);
    }
    expect(titles.size).toBe(3);
  });
});

describe('GET /api/docs/json', () => {
  it('publishes the OpenAPI document of the routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/v2/id/config', '/api/v3/fastAccessServices']));
  });
});
