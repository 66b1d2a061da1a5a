import { CategoryListResponseSchema, CategoryTypesResponseSchema } from '@kit/contract';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, login, type TestApp } from '../../../test/helper.ts';
import { addCategory } from '../../../test/library-fixtures.ts';

let t: TestApp;
let admin: Record<string, string>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.db;
  ids.educacion = addCategory(db, 'Educación', { priority: 1 });
  ids.primaria = addCategory(db, 'Primaria', { parent: ids.educacion, priority: 2 });
  ids.secundaria = addCategory(db, 'Secundaria', { parent: ids.educacion, priority: 1 });
  ids.oculta = addCategory(db, 'Oculta', { parent: ids.educacion, priority: 3, hidden: true });
  ids.bajoOculta = addCategory(db, 'Bajo oculta', { parent: ids.oculta });
  ids.salud = addCategory(db, 'Salud', { priority: 2 });
  ids.archivo = addCategory(db, 'Archivo', { priority: 0, hidden: true });
  await createUser(t.app, 'jefa', 'clave-admin', { admin: true });
  admin = { authorization: `Bearer ${(await login(t.app, 'jefa', 'clave-admin')).token}` };
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/content/types', () => {
  it('answers the visible tree flat, depth first, siblings by priority', async () => {
    const res = await get('/api/content/types');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Value.Check(CategoryTypesResponseSchema, body)).toBe(true);
    expect(body.data.map((c: { name: string }) => c.name)).toEqual(['Educación', 'Secundaria', 'Primaria', 'Salud']);
    expect(body.data[0]).toEqual({ id: ids.educacion, name: 'Educación', priority: 1, parentId: null, childrenCount: 2, statusId: 1 });
    expect(body.data[1]).toMatchObject({ parentId: ids.educacion, childrenCount: 0 });
    expect(body.data[0].children).toBeUndefined();
  });

  it('nests children with graph=true (and graph=1)', async () => {
    for (const graph of ['true', '1']) {
      const body = (await get(`/api/content/types?graph=${graph}`)).json();
      expect(Value.Check(CategoryTypesResponseSchema, body)).toBe(true);
      expect(body.data.map((c: { name: string }) => c.name)).toEqual(['Educación', 'Salud']);
      expect(body.data[0].children.map((c: { name: string }) => c.name)).toEqual(['Secundaria', 'Primaria']);
      expect(body.data[0].children[0].children).toEqual([]);
    }
  });

  it('shows hidden categories and their subtrees to admins only', async () => {
    const body = (await get('/api/content/types?graph=true', admin)).json();
    expect(body.data.map((c: { name: string }) => c.name)).toEqual(['Archivo', 'Educación', 'Salud']);
    const educacion = body.data[1];
    expect(educacion.childrenCount).toBe(3);
    const oculta = educacion.children[2];
    expect(oculta).toMatchObject({ name: 'Oculta', statusId: 0, childrenCount: 1 });
    expect(oculta.children[0].name).toBe('Bajo oculta');
  });

  it('refuses an unreadable graph value with 400', async () => {
    const res = await get('/api/content/types?graph=quizas');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.data.field).toBe('querystring.graph');
  });
});

describe('GET /api/v2/categories/{id|root}/children', () => {
  it('answers only the asked fields, spelled as asked, sorted by priority', async () => {
    const res = await get('/api/v2/categories/root/children?fields=id,name,childrenCount,priority,status_id');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Value.Check(CategoryListResponseSchema, body)).toBe(true);
    expect(body.data).toEqual([
      { id: ids.educacion, name: 'Educación', childrenCount: 2, priority: 1, status_id: 1 },
      { id: ids.salud, name: 'Salud', childrenCount: 0, priority: 2, status_id: 1 },
    ]);
  });

  it('gives a node its children and parent ids under both names', async () => {
    const body = (await get(`/api/v2/categories/${ids.educacion}/children?fields=id,parentId,content_type_father_id,statusId`)).json();
    expect(body.data).toEqual([
      { id: ids.secundaria, parentId: ids.educacion, content_type_father_id: ids.educacion, statusId: 1 },
      { id: ids.primaria, parentId: ids.educacion, content_type_father_id: ids.educacion, statusId: 1 },
    ]);
  });

  it('uses the default fields without ?fields', async () => {
    const body = (await get(`/api/v2/categories/${ids.educacion}/children`)).json();
    expect(Object.keys(body.data[0]).sort()).toEqual(['childrenCount', 'id', 'name', 'parentId', 'priority', 'status_id']);
  });

  it('refuses an unknown field with 400 naming querystring.fields', async () => {
    const res = await get('/api/v2/categories/root/children?fields=id,password_hash');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION', data: { field: 'querystring.fields' } });
  });

  it('refuses a malformed id with 400 and an unknown one with 404', async () => {
    expect((await get('/api/v2/categories/abc/children')).statusCode).toBe(400);
    const res = await get('/api/v2/categories/999999/children');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('CATEGORY_NOT_FOUND');
  });

  it('hides hidden nodes and their subtrees from non-admins (404), not from admins', async () => {
    expect((await get(`/api/v2/categories/${ids.oculta}/children`)).statusCode).toBe(404);
    expect((await get(`/api/v2/categories/${ids.bajoOculta}/branch`)).statusCode).toBe(404);
    const res = await get(`/api/v2/categories/${ids.oculta}/children?fields=name`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([{ name: 'Bajo oculta' }]);
    const root = (await get('/api/v2/categories/root/children?fields=name', admin)).json();
    expect(root.data.map((c: { name: string }) => c.name)).toEqual(['Archivo', 'Educación', 'Salud']);
  });
});

describe('GET /api/v2/categories/{id}/siblings', () => {
  it('answers the node and its siblings sorted by priority', async () => {
    const body = (await get(`/api/v2/categories/${ids.primaria}/siblings?fields=id,name,priority`)).json();
    expect(Value.Check(CategoryListResponseSchema, body)).toBe(true);
    expect(body.data).toEqual([
      { id: ids.secundaria, name: 'Secundaria', priority: 1 },
      { id: ids.primaria, name: 'Primaria', priority: 2 },
    ]);
  });

  it('answers the top level for a top-level node and nothing for root', async () => {
    const top = (await get(`/api/v2/categories/${ids.salud}/siblings?fields=name`)).json();
    expect(top.data).toEqual([{ name: 'Educación' }, { name: 'Salud' }]);
    expect((await get('/api/v2/categories/root/siblings')).json()).toEqual({ data: [] });
  });
});

describe('GET /api/v2/categories/{id}/branch', () => {
  it('answers the path from the top level down to the node', async () => {
    const body = (await get(`/api/v2/categories/${ids.primaria}/branch?fields=id,name,childrenCount`)).json();
    expect(Value.Check(CategoryListResponseSchema, body)).toBe(true);
    expect(body.data).toEqual([
      { id: ids.educacion, name: 'Educación', childrenCount: 2 },
      { id: ids.primaria, name: 'Primaria', childrenCount: 0 },
    ]);
    expect((await get('/api/v2/categories/root/branch')).json()).toEqual({ data: [] });
  });

  it('gives admins the branch through a hidden node', async () => {
    const body = (await get(`/api/v2/categories/${ids.bajoOculta}/branch?fields=name,status_id`, admin)).json();
    expect(body.data).toEqual([
      { name: 'Educación', status_id: 1 },
      { name: 'Oculta', status_id: 0 },
      { name: 'Bajo oculta', status_id: 1 },
    ]);
  });
});
