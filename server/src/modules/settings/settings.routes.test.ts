import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { makeViewers, type Viewers } from '../../../test/portal-helpers.ts';

let t: TestApp;
let viewers: Viewers;

beforeAll(async () => {
  t = await buildTestApp({ KIT_SERVICES_MODE: 'planet' });
  viewers = await makeViewers(t.app);
}, 60_000);
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
    const res = await put(viewers.admin, { restrictedMode: true });
    expect(res.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/id/config' })).json().restrictedMode).toBe(false);
  });

  it('is for admins only', async () => {
    expect((await put(viewers.anonymous, { servicesMode: 'default' })).statusCode).toBe(401);
    expect((await put(viewers.user, { servicesMode: 'default' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/admin/settings', headers: viewers.user })).statusCode).toBe(403);
    expect(await mode()).toBe('community');
  });
});
