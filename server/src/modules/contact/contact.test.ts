import type { ContactMessagePage } from '@kit/contract';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/helper.ts';
import { viewersForFile } from '../../../test/portal-helpers.ts';

const t = appForFile();
const viewers = viewersForFile(t);

const message = (overrides: Record<string, unknown> = {}) => ({
  name: 'Julia Quispe',
  replyTo: 'julia@correo.pe',
  message: 'No puedo descargar el video de lavado de manos en mi celular.',
  ...overrides,
});
const send = (payload: object, headers: Record<string, string> = {}, ip = '10.0.0.5') =>
  t.app.inject({ method: 'POST', url: '/api/v2/contact', payload, headers, remoteAddress: ip });
const list = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/v2/admin/contact-messages', headers });

describe('POST /api/v2/contact', () => {
  it('stores a message from anyone and the admins read it, newest first, with who sent it when logged in', async () => {
    expect((await send(message())).statusCode).toBe(201);
    const logged = await send(message({ name: 'Rosa', message: 'Quisiera subir las canciones de la escuela.' }), viewers.user, '10.0.0.6');
    expect(logged.statusCode).toBe(201);
    expect(logged.json().id).toEqual(expect.any(Number));

    const page = (await list(viewers.admin)).json() as ContactMessagePage;
    expect(page.total).toBe(2);
    expect(page.data[0]).toMatchObject({ name: 'Rosa', replyTo: 'julia@correo.pe', user: { user_name: 'rosa' } });
    expect(page.data[1]).toMatchObject({ name: 'Julia Quispe', user: null, message: message().message });
  });

  it.each([
    ['no name', { name: '' }, 'body.name'],
    ['a name of spaces', { name: '   ' }, 'body.name'],
    ['a name too long', { name: 'n'.repeat(81) }, 'body.name'],
    ['no way to answer', { replyTo: undefined }, 'body.replyTo'],
    ['a message too short', { message: 'Hola' }, 'body.message'],
    ['a message too long', { message: 'm'.repeat(2001) }, 'body.message'],
  ])('refuses %s with 400', async (_what, overrides, field) => {
    const res = await send(message(overrides), {}, '10.0.0.7');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.data.field).toBe(field);
  });

  it('slows down one address that sends too many', async () => {
    for (let i = 0; i < 5; i++) expect((await send(message(), {}, '10.0.0.9')).statusCode).toBe(201);
    const res = await send(message(), {}, '10.0.0.9');
    expect(res.statusCode).toBe(429);
    expect((await send(message(), {}, '10.0.0.10')).statusCode).toBe(201);
  });
});

describe('GET /api/v2/admin/contact-messages', () => {
  it('is for admins only', async () => {
    expect((await list(viewers.anonymous)).statusCode).toBe(401);
    expect((await list(viewers.user)).statusCode).toBe(403);
  });
});
