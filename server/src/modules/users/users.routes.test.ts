import { INSTRUCTION_LEVELS, UserPageSchema, UserSchema } from '@kit/contract';
import type { InjectOptions } from 'fastify';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccountPeople, buildTestApp, type TestApp } from '../../../test/helper.ts';
import { verifyPassword } from '../auth/password.ts';

let t: TestApp;
const ids = { admin: 0, denied: 0, rosa: 0, pedro: 0 };
const tokens = { admin: '', denied: '', rosa: '', pedro: '' };

beforeAll(async () => {
  t = await buildTestApp();
  const people = await addAccountPeople(t.app);
  Object.assign(ids, people.ids);
  Object.assign(tokens, people.tokens);
  t.app.db.prepare("UPDATE users SET name = 'Rosa', last_name = 'Quispe', email = 'rosa@kit.pe', born_date = '1990-04-02', code_phone = '+51', phone_number = '987654321' WHERE id = ?").run(ids.rosa);
});
afterAll(() => t.close());

type Method = NonNullable<InjectOptions['method']>;
const api = (method: Method, url: string, opts: { token?: string; payload?: object; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    ...(opts.payload ? { payload: opts.payload } : {}),
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
  });
const errorOf = (res: { json: () => { error: { code: string; message: string; data: { field?: string; reason?: string } } } }) => res.json().error;
let n = 0;
const register = (fields: Record<string, unknown> = {}) =>
  api('POST', '/user/create', { payload: { user_name: `vecino${++n}`, name: 'Ana', last_name: 'Huamán', password: 'clave-segura', ...fields } });

const PRIVATE = ['email', 'born_date', 'code_phone', 'phone_number'];

describe('GET /api/v2/constants/education and /occupation', () => {
  it('answers the six instruction levels in order', async () => {
    const res = await api('GET', '/v2/constants/education');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: ['Sin nivel', 'Educación primaria', 'Educación secundaria', 'Educación superior técnica', 'Educación superior universitaria', 'Otros'],
    });
  });

  it('answers about 70 distinct occupations from Estudiante to Otros', async () => {
    const { data } = (await api('GET', '/v2/constants/occupation')).json() as { data: string[] };
    expect(data.length).toBeGreaterThanOrEqual(65);
    expect(data.length).toBeLessThanOrEqual(75);
    expect(data[0]).toBe('Estudiante');
    expect(data.at(-1)).toBe('Otros');
    expect(new Set(data).size).toBe(data.length);
  });
});

describe('POST /api/user/create', () => {
  it('registers a user and logs them in like /auth (registering, then logged in)', async () => {
    const res = await register({ user_name: 'Maria.Q', name: '  María ', last_name: ' Quispe', email: 'maria@kit.pe', gender: 0 });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ token: expect.any(String), user: { user_name: 'Maria.Q', is_admin: false, roleId: 2 }, mustChangePassword: false });
    expect(String(res.headers['set-cookie'])).toMatch(/^kp_token=.*HttpOnly/);
    expect((await api('GET', '/v2/session', { token: body.token })).json().user.id).toBe(body.user.id);
    const me = (await api('GET', `/users/${body.user.id}`, { token: body.token })).json();
    expect(me).toMatchObject({ name: 'María', last_name: 'Quispe', email: 'maria@kit.pe', gender: 0, isAdmin: false });
    const row = t.app.db.prepare<[number], { password_hash: string }>('SELECT password_hash FROM users WHERE id = ?').get(body.user.id);
    expect(await verifyPassword('clave-segura', row?.password_hash ?? '')).toBe(true);
    expect((await api('POST', '/auth', { payload: { user_name: 'maria.q', password: 'clave-segura' } })).statusCode).toBe(200);
  });

  it("refuses a taken user name, ignoring case, with 409 USERNAME_TAKEN and 'This username is already in use'", async () => {
    const res = await register({ user_name: 'ROSA' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({ code: 'USERNAME_TAKEN', message: 'Ese nombre de usuario ya está en uso. Elige otro', data: { reason: 'This username is already in use' } });
  });

  it("refuses a taken e-mail, ignoring case, with V2_USER_001 'El correo ya se encuentra en uso'", async () => {
    const res = await register({ email: 'ROSA@kit.pe' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({ code: 'V2_USER_001', message: 'El correo ya se encuentra en uso' });
  });

  it('takes no e-mail, null or an empty one, as many times as needed', async () => {
    expect((await register()).statusCode).toBe(201);
    expect((await register({ email: null })).statusCode).toBe(201);
    const empty = await register({ email: '' });
    expect(empty.statusCode).toBe(201);
    expect((await api('GET', `/users/${empty.json().user.id}`, { token: tokens.admin })).json().email).toBeNull();
  });

  it("refuses an unknown gender with V2_USER_002 'El género no es válido'", async () => {
    const res = await register({ gender: 3 });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'V2_USER_002', message: 'El género no es válido' });
  });

  it.each([
    ['user_name', { user_name: 'ab' }],
    ['user_name', { user_name: 'con espacio' }],
    ['user_name', { user_name: 'a'.repeat(31) }],
    ['user_name', { user_name: 'ñandú' }],
    ['name', { name: '' }],
    ['name', { name: '   ' }],
    ['last_name', { last_name: 'x'.repeat(61) }],
    ['password', { password: '12345' }],
    ['email', { email: 'no-es-correo' }],
  ])('refuses a bad %s with 400 VALIDATION naming it (%j)', async (field, fields) => {
    const res = await register(fields);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('VALIDATION');
    expect(errorOf(res).data.field).toBe(`body.${field}`);
  });

  it('refuses a missing field and never makes an admin, whatever the body says', async () => {
    const missing = await api('POST', '/user/create', { payload: { user_name: 'sin-apellido', name: 'Ana', password: 'clave-segura' } });
    expect(errorOf(missing).data.field).toBe('body.last_name');
    const sneaky = await register({ is_admin: 1, role_id: 1, isAdmin: true });
    expect(sneaky.json().user).toMatchObject({ is_admin: false, roleId: 2 });
  });
});

describe('GET /api/users/{id} and /api/user/{id}', () => {
  it.each(['/users', '/user'])('%s answers the public profile to others, without e-mail, phone or birth date', async (base) => {
    for (const token of [undefined, tokens.pedro, tokens.denied]) {
      const res = await api('GET', `${base}/${ids.rosa}`, token ? { token } : {});
      expect(res.statusCode).toBe(200);
      const user = res.json();
      expect(Value.Check(UserSchema, user)).toBe(true);
      expect(user).toMatchObject({ id: ids.rosa, user_name: 'rosa', name: 'Rosa', last_name: 'Quispe', FullImageUrl: null, blocked: false });
      for (const key of PRIVATE) expect(user).not.toHaveProperty(key);
      expect(user.details).not.toHaveProperty('phone_number');
      expect(JSON.stringify(user)).not.toContain('987654321');
    }
  });

  it('answers everything to the user themself and to an admin (with the denied flag)', async () => {
    const own = (await api('GET', `/user/${ids.rosa}`, { token: tokens.rosa })).json();
    expect(own).toMatchObject({ email: 'rosa@kit.pe', born_date: '1990-04-02', code_phone: '+51', phone_number: '987654321', details: { phone_number: '987654321', code_phone: '+51' } });
    expect(own).not.toHaveProperty('denied');
    const byAdmin = (await api('GET', `/users/${ids.denied}`, { token: tokens.admin })).json();
    expect(byAdmin).toMatchObject({ denied: true, isAdmin: true, is_admin: true, roleId: 1, mustChangePassword: false });
  });

  it('answers 404 for an unknown user and 400 for a bad id', async () => {
    expect(errorOf(await api('GET', '/users/999999')).code).toBe('NOT_FOUND');
    const bad = await api('GET', '/user/abc');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).data.field).toBe('params.id');
  });
});

describe('PUT /api/v2/users/{userId}/profile', () => {
  it('saves the fields of the own profile and leaves the rest as they were', async () => {
    const res = await api('PUT', `/v2/users/${ids.pedro}/profile`, {
      token: tokens.pedro,
      payload: { last_name: 'Mamani', born_date: '1985-12-31', instruction_degree: 'Educación secundaria', occupation: 'Agricultor(a)', code_phone: '+502', phone_number: '4567.8912', others: ' Teje ponchos ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ids.pedro, last_name: 'Mamani', born_date: '1985-12-31', instruction_degree: 'Educación secundaria', occupation: 'Agricultor(a)', code_phone: '+502', phone_number: '4567.8912', others: 'Teje ponchos' });
    const again = await api('PUT', `/v2/users/${ids.pedro}/profile`, { token: tokens.pedro, payload: { gender: 1 } });
    expect(again.json()).toMatchObject({ gender: 1, last_name: 'Mamani', code_phone: '+502' });
  });

  it('stores the country code as null without a phone, and +51 by default with one', async () => {
    const none = await api('PUT', `/v2/users/${ids.pedro}/profile`, { token: tokens.pedro, payload: { phone_number: '', code_phone: '+1' } });
    expect(none.json()).toMatchObject({ phone_number: null, code_phone: null });
    const withPhone = await api('PUT', `/v2/users/${ids.pedro}/profile`, { token: tokens.pedro, payload: { phone_number: '987654321' } });
    expect(withPhone.json()).toMatchObject({ phone_number: '987654321', code_phone: '+51' });
  });

  it.each([
    ['born_date', { born_date: '2023-02-30' }, 'La fecha de nacimiento no es válida (AAAA-MM-DD)'],
    ['born_date', { born_date: '1990-13-01' }, 'La fecha de nacimiento no es válida (AAAA-MM-DD)'],
    ['born_date', { born_date: '1850-01-01' }, 'La fecha de nacimiento no es válida'],
    ['born_date', { born_date: `${new Date().getFullYear() + 1}-01-01` }, 'La fecha de nacimiento no puede estar en el futuro'],
    ['phone_number', { phone_number: '12.345.6' }, 'Debe tener mínimo 7 dígitos'],
    ['code_phone', { phone_number: '987654321', code_phone: '+99' }, 'El código de país no es válido'],
    ['instruction_degree', { instruction_degree: 'Doctorado' }, 'El nivel de instrucción no es válido'],
    ['occupation', { occupation: 'Astronauta' }, 'La ocupación no es válida'],
    ['email', { email: 'sin-arroba' }, 'El correo no es válido'],
  ])('refuses a bad %s with 400 VALIDATION and a Spanish message (%j)', async (field, payload, message) => {
    const res = await api('PUT', `/v2/users/${ids.pedro}/profile`, { token: tokens.pedro, payload });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'VALIDATION', message, data: { field: `body.${field}` } });
  });

  it('refuses letters in the phone (digits and dots only) and a date in another format', async () => {
    expect(errorOf(await api('PUT', `/v2/users/${ids.pedro}/profile`, { token: tokens.pedro, payload: { phone_number: '98765432a' } })).data.field).toBe('body.phone_number');
    expect(errorOf(await api('PUT', `/v2/users/${ids.pedro}/profile`, { token: tokens.pedro, payload: { born_date: '31/12/1985' } })).data.field).toBe('body.born_date');
  });

  it('answers V2_USER_002 for a bad gender and V2_USER_001 for a taken e-mail', async () => {
    const gender = await api('PUT', `/v2/users/${ids.pedro}/profile`, { token: tokens.pedro, payload: { gender: 9 } });
    expect(errorOf(gender)).toMatchObject({ code: 'V2_USER_002', message: 'El género no es válido' });
    const email = await api('PUT', `/v2/users/${ids.pedro}/profile`, { token: tokens.pedro, payload: { email: 'Rosa@Kit.pe' } });
    expect(email.statusCode).toBe(409);
    expect(errorOf(email)).toMatchObject({ code: 'V2_USER_001', message: 'El correo ya se encuentra en uso' });
    // keeping one's own e-mail is not "taken"
    expect((await api('PUT', `/v2/users/${ids.rosa}/profile`, { token: tokens.rosa, payload: { email: 'rosa@kit.pe' } })).statusCode).toBe(200);
  });

  it('is yours alone: anonymous 401, another user 403, a denied admin 403 (but on self 200), an admin 200, unknown 404', async () => {
    const body = { payload: { others: 'editado' } };
    expect(errorOf(await api('PUT', `/v2/users/${ids.rosa}/profile`, body)).code).toBe('UNAUTHORIZED');
    expect(errorOf(await api('PUT', `/v2/users/${ids.rosa}/profile`, { ...body, token: tokens.pedro })).code).toBe('FORBIDDEN');
    expect(errorOf(await api('PUT', `/v2/users/${ids.rosa}/profile`, { ...body, token: tokens.denied })).code).toBe('FORBIDDEN');
    expect((await api('PUT', `/v2/users/${ids.denied}/profile`, { ...body, token: tokens.denied })).statusCode).toBe(200);
    const byAdmin = await api('PUT', `/v2/users/${ids.rosa}/profile`, { ...body, token: tokens.admin });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().others).toBe('editado');
    expect(errorOf(await api('PUT', '/v2/users/999999/profile', { ...body, token: tokens.admin })).code).toBe('NOT_FOUND');
    expect(errorOf(await api('PUT', '/v2/users/999999/profile', { ...body, token: tokens.pedro })).code).toBe('FORBIDDEN');
  });
});

describe('POST /api/user/update', () => {
  it('updates the caller, or whoever an admin names by id; others get 403', async () => {
    const own = await api('POST', '/user/update', { token: tokens.pedro, payload: { name: 'Pedro', occupation: 'Docente' } });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: ids.pedro, name: 'Pedro', occupation: 'Docente' });
    expect(errorOf(await api('POST', '/user/update', { token: tokens.pedro, payload: { id: ids.rosa, name: 'Intrusa' } })).code).toBe('FORBIDDEN');
    expect(errorOf(await api('POST', '/user/update', { payload: { name: 'Nadie' } })).code).toBe('UNAUTHORIZED');
    const byAdmin = await api('POST', '/user/update', { token: tokens.admin, payload: { id: ids.rosa, name: 'Rosa María' } });
    expect(byAdmin.json()).toMatchObject({ id: ids.rosa, name: 'Rosa María' });
    expect(errorOf(await api('POST', '/user/update', { token: tokens.pedro, payload: { gender: -1 } })).code).toBe('V2_USER_002');
  });
});

describe('POST /api/v3/personalDetails', () => {
  it('saves gender, birth date and phone of the caller (the onboarding "Completa tu perfil" form)', async () => {
    const res = await api('POST', '/v3/personalDetails', { token: tokens.pedro, payload: { gender: 2, born_date: '2001-06-15', code_phone: '+1', phone_number: '5551234567' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ids.pedro, gender: 2, born_date: '2001-06-15', code_phone: '+1', phone_number: '5551234567' });
    const noPhone = await api('POST', '/v3/personalDetails', { token: tokens.pedro, payload: { gender: 1, born_date: '2001-06-15', code_phone: '+51', phone_number: null } });
    expect(noPhone.json()).toMatchObject({ phone_number: null, code_phone: null });
  });

  it('requires gender and birth date, validates them, and requires a login', async () => {
    expect(errorOf(await api('POST', '/v3/personalDetails', { token: tokens.pedro, payload: { born_date: '2001-06-15' } })).data.field).toBe('body.gender');
    expect(errorOf(await api('POST', '/v3/personalDetails', { token: tokens.pedro, payload: { gender: 1 } })).data.field).toBe('body.born_date');
    expect(errorOf(await api('POST', '/v3/personalDetails', { token: tokens.pedro, payload: { gender: 4, born_date: '2001-06-15' } })).code).toBe('V2_USER_002');
    expect(errorOf(await api('POST', '/v3/personalDetails', { token: tokens.pedro, payload: { gender: 1, born_date: '2999-01-01' } })).data.field).toBe('body.born_date');
    expect(errorOf(await api('POST', '/v3/personalDetails', { payload: { gender: 1, born_date: '2001-06-15' } })).code).toBe('UNAUTHORIZED');
  });
});

describe('POST /api/v2/tracking/user/{id}/views', () => {
  it('counts views by others, anonymous included, but not the owner looking at their own profile', async () => {
    const before = (await api('GET', `/users/${ids.rosa}`)).json().profile_views as number;
    expect((await api('POST', `/v2/tracking/user/${ids.rosa}/views`)).json()).toEqual({ ok: true, profile_views: before + 1 });
    expect((await api('POST', `/v2/tracking/user/${ids.rosa}/views`, { token: tokens.pedro })).json().profile_views).toBe(before + 2);
    expect((await api('POST', `/v2/tracking/user/${ids.rosa}/views`, { token: tokens.rosa })).json().profile_views).toBe(before + 2);
    expect(errorOf(await api('POST', '/v2/tracking/user/999999/views')).code).toBe('NOT_FOUND');
  });
});

describe('GET /api/v2/search/users', () => {
  beforeAll(() => {
    const insert = t.app.db.prepare("INSERT INTO users (user_name, password_hash, name, last_name, blocked) VALUES (?, 'x', ?, ?, ?)");
    insert.run('jose.nunez', 'José', 'Núñez', 0);
    insert.run('josefina', 'Josefina', 'Apaza', 0);
    insert.run('jose', 'Pepe', 'Condori', 0);
    insert.run('bloqueado', 'José', 'Bloqueado', 1);
    insert.run('cien_por', 'Cien', '100%', 0);
  });

  it('answers paging with public users matching every word, accents folded, the exact name first', async () => {
    const res = await api('GET', '/v2/search/users?q=jose');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(Value.Check(UserPageSchema, page)).toBe(true);
    expect(page.data.map((u: { user_name: string }) => u.user_name)).toEqual(['jose', 'jose.nunez', 'josefina']);
    expect(page).toMatchObject({ total: 3, from: 1, to: 3, per_page: 20, last_page: 1, current_page: 1 });
    expect((await api('GET', '/v2/search/users?q=JOSÉ%20nuñez')).json().data.map((u: { user_name: string }) => u.user_name)).toEqual(['jose.nunez']);
    for (const user of page.data) for (const key of PRIVATE) expect(user).not.toHaveProperty(key);
  });

  it('pages: from, to and last_page follow page and per_page; past the end is empty', async () => {
    const second = (await api('GET', '/v2/search/users?q=jose&per_page=2&page=2')).json();
    expect(second).toMatchObject({ total: 3, from: 3, to: 3, per_page: 2, last_page: 2, current_page: 2 });
    expect(second.data).toHaveLength(1);
    const past = (await api('GET', '/v2/search/users?q=jose&per_page=2&page=9')).json();
    expect(past).toMatchObject({ data: [], from: null, to: null, total: 3 });
    expect(errorOf(await api('GET', '/v2/search/users?per_page=500')).data.field).toBe('querystring.per_page');
    expect(errorOf(await api('GET', '/v2/search/users?page=0')).data.field).toBe('querystring.page');
  });

  it('hides blocked users from everyone but admins', async () => {
    expect((await api('GET', '/v2/search/users?q=bloqueado', { token: tokens.pedro })).json().total).toBe(0);
    const admin = (await api('GET', '/v2/search/users?q=bloqueado', { token: tokens.admin })).json();
    expect(admin.data).toMatchObject([{ user_name: 'bloqueado', blocked: true, FullImageUrl: null }]);
    expect((await api('GET', '/v2/search/users?q=bloqueado', { token: tokens.denied })).json().total).toBe(0);
  });

  it('treats % and _ as plain characters', async () => {
    expect((await api('GET', '/v2/search/users?q=%25')).json().data.map((u: { user_name: string }) => u.user_name)).toEqual(['cien_por']);
    expect((await api('GET', '/v2/search/users?q=n_n')).json().total).toBe(0);
  });

  it('lists everyone visible without q', async () => {
    const all = (await api('GET', '/v2/search/users?per_page=100')).json();
    const visible = t.app.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM users WHERE blocked = 0').get()?.n;
    expect(all.total).toBe(visible);
  });
});

describe('the constants lists match the contract', () => {
  it('serves the same instruction levels the web imports', async () => {
    expect((await api('GET', '/v2/constants/education')).json().data).toEqual([...INSTRUCTION_LEVELS]);
  });
});
