import { ResourceSearchPageSchema, SearchPageSchema } from '@kit/contract';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helper.ts';
import { addCategory, addResource, buildLibraryApp } from '../../../test/library-fixtures.ts';

let t: TestApp;
const as: Record<string, Record<string, string>> = { anon: {} };
const users = { ana: 0, beto: 0, jefa: 0 };
const cats = { educacion: 0, primaria: 0, lectura: 0, salud: 0, oculta: 0 };
const r = { ambiental: 0, cuentos: 0, agua: 0, huerto: 0, canciones: 0, arbol: 0, vacunas: 0, draft: 0, blocked: 0, pending: 0, hidden: 0 };

beforeAll(async () => {
  t = await buildLibraryApp(users, as);
  const db = t.app.db;
  db.prepare("UPDATE users SET name = 'José', last_name = 'Ñahui' WHERE id = ?").run(users.beto);
  cats.educacion = addCategory(db, 'Educación', { priority: 1 });
  cats.primaria = addCategory(db, 'Primaria', { parent: cats.educacion });
  cats.lectura = addCategory(db, 'Lectura', { parent: cats.primaria });
  cats.salud = addCategory(db, 'Salud', { priority: 2 });
  cats.oculta = addCategory(db, 'Oculta', { hidden: true });

  const day = (n: number) => new Date(Date.UTC(2026, 0, n)).toISOString();
  r.ambiental = addResource(db, { title: 'Educación ambiental para niños', description: 'Cuidar el agua y los árboles', author: 'María Pérez', type: 2, category: cats.primaria, user: users.ana, views: 50, downloads: 1, createdAt: day(1) });
  r.cuentos = addResource(db, { title: 'Cuentos del año nuevo', description: 'Historias para leer en familia', author: 'José Ñahui', type: 2, category: cats.lectura, user: users.beto, views: 5, downloads: 9, createdAt: day(2) });
  r.agua = addResource(db, { title: 'Agua potable en casa', description: 'Cómo hervir y guardar el agua', type: 3, category: cats.salud, user: users.ana, views: 100, downloads: 4, createdAt: day(3) });
  r.huerto = addResource(db, { title: 'Huerto escolar', description: 'La educación en el campo: sembrar maíz', type: 3, category: cats.primaria, user: users.ana, views: 10, downloads: 2, createdAt: day(4) });
  r.canciones = addResource(db, { title: 'Canciones infantiles', description: 'Música para niñas y niños', type: 4, category: cats.educacion, user: users.beto, views: 20, downloads: 0, createdAt: day(5) });
  r.arbol = addResource(db, { title: 'Árboles nativos', description: 'Plantas de la sierra', type: 1, category: cats.salud, user: users.ana, views: 1, createdAt: day(6) });
  r.vacunas = addResource(db, { title: 'Vacunas', description: 'Salud de los niños', type: 2, category: cats.salud, user: users.beto, views: 30, createdAt: day(7) });
  r.draft = addResource(db, { title: 'Educación secreta', type: 2, category: cats.educacion, user: users.ana, status: 'draft', createdAt: day(8) });
  r.blocked = addResource(db, { title: 'Educación bloqueada', type: 2, category: cats.educacion, user: users.ana, status: 'blocked', createdAt: day(9) });
  r.pending = addResource(db, { title: 'Educación pendiente', type: 2, user: users.beto, status: 'pending', createdAt: day(10) });
  r.hidden = addResource(db, { title: 'Educación oculta', type: 2, category: cats.oculta, user: users.beto, createdAt: day(11) });
});
afterAll(() => t.close());

interface Page {
  data: { id: number; title: string; views: number; downloads: number; status: string }[];
  total: number;
  from: number | null;
  to: number | null;
  per_page: number;
  last_page: number;
  current_page: number;
  capped: boolean;
}

async function search(query: string, who: keyof typeof as = 'anon'): Promise<Page> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v3/searchResource?${query}`, headers: as[who] });
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  const body = res.json();
  expect(Value.Check(ResourceSearchPageSchema, body)).toBe(true);
  return body;
}
const ids = async (query: string, who: keyof typeof as = 'anon') => (await search(query, who)).data.map((d) => d.id);
const q = (text: string) => `q=${encodeURIComponent(text)}`;
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

describe('GET /api/v3/searchResource: text', () => {
  it('finds accented words without accents, and in any case', async () => {
    // Cuentos is filed under Lectura › Primaria › Educación: found by the category's name.
    const expected = sorted([r.ambiental, r.huerto, r.canciones, r.cuentos]);
    for (const text of ['educacion', 'Educación', 'EDUCACION', 'educación ']) {
      expect(sorted(await ids(q(text))), text).toEqual(expected);
    }
  });

  it('finds ñ typed as n (nino → niños, ano → año), and ñ typed as ñ', async () => {
    expect(sorted(await ids(q('ninos ')))).toEqual(sorted([r.ambiental, r.canciones, r.vacunas]));
    expect(await ids(q('ano '))).toEqual([r.cuentos]);
    expect(await ids(q('año'))).toEqual([r.cuentos]);
    expect(sorted(await ids(q('nino')))).toEqual(sorted([r.ambiental, r.canciones, r.vacunas]));
  });

  it('matches the last word as a prefix while it is typed', async () => {
    expect(sorted(await ids(q('educ')))).toEqual(sorted([r.ambiental, r.huerto, r.canciones, r.cuentos]));
    expect(sorted(await ids(q('agu')))).toEqual(sorted([r.ambiental, r.agua]));
    expect(await ids(q('agu '))).toEqual([]);
  });

  it('requires every word (AND)', async () => {
    expect(await ids(q('agua casa'))).toEqual([r.agua]);
    expect(await ids(q('agua educacion'))).toEqual([r.ambiental]);
    expect(await ids(q('agua vacunas'))).toEqual([]);
  });

  it('searches author and category names too', async () => {
    expect(await ids(q('maria perez'))).toEqual([r.ambiental]);
    expect(await ids(q('lectura'))).toEqual([r.cuentos]);
  });

  it('ranks title matches first', async () => {
    const found = await ids(q('educacion'));
    expect(found[0]).toBe(r.ambiental);
    expect((await ids(q('ninos ')))[0]).toBe(r.ambiental);
    const agua = await ids(q('agua'));
    expect(agua[0]).toBe(r.agua);
  });

  it('answers an empty result, never an error, for punctuation, syntax or nonsense', async () => {
    for (const text of ['"', '***', '¿?¡!', '( ) : ^', 'zzzzqx', 'NEAR(', 'AND OR', "' OR 1=1 --", '{title}: agua"']) {
      const page = await search(q(text));
      expect(Array.isArray(page.data), text).toBe(true);
    }
    expect((await search(q('***'))).total).toBe(0);
    expect((await search(q('zzzzqx'))).total).toBe(0);
    // Operators are words like any other: OR does not widen, NOT does not exclude.
    expect(await ids(q('agua OR vacunas'))).toEqual([]);
    expect(await ids(q('{title}: agua"'))).toEqual([]);
    expect(await ids(q('"agua" casa'))).toEqual([r.agua]);
  });

  it('refuses a query longer than 200 characters with 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v3/searchResource?${q('a'.repeat(201))}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.data.field).toBe('querystring.q');
  });

  it('leaves out drafts, pending, blocked and hidden-category resources', async () => {
    expect(await ids(q('secreta'))).toEqual([]);
    expect(await ids(q('bloqueada'))).toEqual([]);
    expect(await ids(q('pendiente'))).toEqual([]);
    expect(await ids(q('oculta'))).toEqual([]);
    expect(await ids(q('secreta'), 'ana')).toEqual([]);
    expect(await ids(q('oculta'), 'jefa')).toEqual([r.hidden]);
    expect(await ids(q('secreta'), 'jefa')).toEqual([]);
  });
});

describe('GET /api/v3/searchResource: filters', () => {
  it('filters by type, alone and with text', async () => {
    expect(sorted(await ids('type=3'))).toEqual(sorted([r.agua, r.huerto]));
    expect(await ids(`type=3&${q('agua')}`)).toEqual([r.agua]);
    expect((await search('type=0')).total).toBe(7);
  });

  it('filters by categories including their descendants', async () => {
    expect(sorted(await ids(`categories=${cats.educacion}`))).toEqual(sorted([r.ambiental, r.cuentos, r.huerto, r.canciones]));
    expect(sorted(await ids(`categories=${cats.primaria}`))).toEqual(sorted([r.ambiental, r.cuentos, r.huerto]));
    expect(sorted(await ids(`categories=${cats.lectura},${cats.salud}`))).toEqual(sorted([r.cuentos, r.agua, r.arbol, r.vacunas]));
    expect(sorted(await ids(`categories=${cats.educacion}&${q('educacion')}`))).toEqual(sorted([r.ambiental, r.huerto, r.canciones, r.cuentos]));
    expect(await ids(`categories=${cats.salud}&${q('educacion')}`)).toEqual([]);
    expect(await ids(`categories=${cats.oculta}`)).toEqual([]);
  });

  it('filters by user, and combines every filter', async () => {
    expect(sorted(await ids(`user=${users.beto}`))).toEqual(sorted([r.cuentos, r.canciones, r.vacunas]));
    expect(await ids(`user=${users.beto}&type=2&categories=${cats.salud}&${q('ninos')}`)).toEqual([r.vacunas]);
  });

  it("shows a user's own page every status to that user and admins only", async () => {
    const own = `section=user&user=${users.ana}`;
    expect(sorted(await ids(own))).toEqual(sorted([r.ambiental, r.agua, r.huerto, r.arbol]));
    expect(sorted(await ids(own, 'beto'))).toEqual(sorted([r.ambiental, r.agua, r.huerto, r.arbol]));
    const mine = await search(own, 'ana');
    expect(sorted(mine.data.map((d) => d.id))).toEqual(sorted([r.ambiental, r.agua, r.huerto, r.arbol, r.draft, r.blocked]));
    expect(mine.data.find((d) => d.id === r.draft)?.status).toBe('draft');
    expect((await search(own, 'jefa')).total).toBe(6);
    const betoPage = `section=user&user=${users.beto}`;
    expect(await ids(betoPage)).not.toContain(r.hidden);
    expect(sorted(await ids(betoPage, 'beto'))).toEqual(sorted([r.cuentos, r.canciones, r.vacunas, r.pending, r.hidden]));
  });

  it('refuses malformed filters with 400', async () => {
    for (const bad of ['type=9', 'categories=1,,2', 'categories=x', 'user=0', 'orderBy=random', 'order=up', 'page=0', 'page=-1', 'per_page=61']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v3/searchResource?${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
    }
  });
});

describe('GET /api/v3/searchResource: order and pages', () => {
  it('orders by creation date, newest first, by default without text', async () => {
    expect(await ids('')).toEqual([r.vacunas, r.arbol, r.canciones, r.huerto, r.agua, r.cuentos, r.ambiental]);
    expect(await ids('orderBy=created_at&order=asc')).toEqual([r.ambiental, r.cuentos, r.agua, r.huerto, r.canciones, r.arbol, r.vacunas]);
  });

  it('orders by views, downloads and title (accents folded), both ways', async () => {
    expect(await ids('orderBy=views')).toEqual([r.agua, r.ambiental, r.vacunas, r.canciones, r.huerto, r.cuentos, r.arbol]);
    expect(await ids('orderBy=views&order=asc')).toEqual([r.arbol, r.cuentos, r.huerto, r.canciones, r.vacunas, r.ambiental, r.agua]);
    expect((await search('orderBy=downloads')).data[0]?.id).toBe(r.cuentos);
    expect((await search('orderBy=title')).data.map((d) => d.title)).toEqual([
      'Agua potable en casa', 'Árboles nativos', 'Canciones infantiles', 'Cuentos del año nuevo',
      'Educación ambiental para niños', 'Huerto escolar', 'Vacunas',
    ]);
    expect((await search('orderBy=title&order=desc')).data[0]?.title).toBe('Vacunas');
  });

  it('orders text results by views, title or date when asked', async () => {
    expect(await ids(`${q('educacion')}&orderBy=views`)).toEqual([r.ambiental, r.canciones, r.huerto, r.cuentos]);
    expect(await ids(`${q('educacion')}&orderBy=views&order=asc`)).toEqual([r.cuentos, r.huerto, r.canciones, r.ambiental]);
    expect(await ids(`${q('educacion')}&orderBy=title`)).toEqual([r.canciones, r.cuentos, r.ambiental, r.huerto]);
    expect(await ids(`${q('educacion')}&orderBy=created_at`)).toEqual([r.canciones, r.huerto, r.cuentos, r.ambiental]);
  });

  it('makes Más vistos (section=featured) the same search ordered by views', async () => {
    expect(await ids('section=featured')).toEqual(await ids('orderBy=views&order=desc'));
    expect(await ids(`section=featured&${q('educacion')}`)).toEqual([r.ambiental, r.canciones, r.huerto, r.cuentos]);
  });

  it('pages with from, to, last_page and an empty page past the end', async () => {
    const p1 = await search('per_page=3');
    expect(p1).toMatchObject({ from: 1, to: 3, per_page: 3, last_page: 3, total: 7, current_page: 1, capped: false });
    const p3 = await search('per_page=3&page=3');
    expect(p3).toMatchObject({ from: 7, to: 7, total: 7, current_page: 3 });
    expect(p3.data.map((d) => d.id)).toEqual([r.ambiental]);
    const past = await search('per_page=3&page=4');
    expect(past).toEqual({ data: [], from: null, to: null, per_page: 3, last_page: 3, total: 7, current_page: 4, capped: false });
    const textPast = await search(`${q('educacion')}&per_page=2&page=5`);
    expect(textPast).toMatchObject({ data: [], from: null, to: null, last_page: 2, total: 4, current_page: 5 });
    const all = [...(await search(`${q('educacion')}&per_page=2`)).data, ...(await search(`${q('educacion')}&per_page=2&page=2`)).data].map((d) => d.id);
    expect(sorted(all)).toEqual(sorted([r.ambiental, r.huerto, r.canciones, r.cuentos]));
  });

  it('says last_page 1 for no results', async () => {
    expect(await search(q('zzzzqx'))).toMatchObject({ data: [], total: 0, last_page: 1, from: null, to: null });
  });
});

describe('GET /api/v3/searchPageResource and /api/v3/searchPage', () => {
  it('searchPageResource answers the paged resource results', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v3/searchPageResource?${q('educacion')}&page=1` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Value.Check(ResourceSearchPageSchema, body)).toBe(true);
    expect(body.total).toBe(4);
    expect(body.data[0].id).toBe(r.ambiental);
  });

  it('searchPage answers resources and the matching users, accent-insensitive', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v3/searchPage?${q('jose nahui')}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Value.Check(SearchPageSchema, body)).toBe(true);
    expect(body.data.map((d: { id: number }) => d.id)).toEqual([r.cuentos]);
    expect(body.total).toBe(1);
    expect(body.users).toEqual({ data: [{ id: users.beto, user_name: 'beto', name: 'José', last_name: 'Ñahui', FullImageUrl: null }], total: 1 });
  });

  it('searchPage treats % and _ as plain characters and leaves blocked users out', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/v3/searchPage?${q('%')}` })).json().users.total).toBe(0);
    t.app.db.prepare('UPDATE users SET blocked = 1 WHERE id = ?').run(users.beto);
    try {
      expect((await t.app.inject({ method: 'GET', url: `/api/v3/searchPage?${q('jose')}` })).json().users.total).toBe(0);
    } finally {
      t.app.db.prepare('UPDATE users SET blocked = 0 WHERE id = ?').run(users.beto);
    }
  });

  it('refuses page 0 with 400', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v3/searchPage?page=0' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v3/searchPageResource?page=-2' })).statusCode).toBe(400);
  });
});
