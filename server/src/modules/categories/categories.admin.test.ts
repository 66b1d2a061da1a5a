import { beforeEach, afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { addCategory, addResource } from '../../../test/library-fixtures.ts';
import { makeViewers, type Viewers } from '../../../test/portal-helpers.ts';

let t: TestApp;
let v: Viewers;
type Ids = Record<'educacion' | 'salud' | 'cultura' | 'primaria' | 'secundaria' | 'adultos' | 'nutricion', number>;
const ids = {} as Ids;

// A fresh tree for every test: each operation is checked against the table.
//   Educación: Primaria, Secundaria, Adultos ; Salud: Nutrición ; Cultura
beforeEach(async () => {
  t = await buildTestApp();
  v = await makeViewers(t.app);
  const db = t.app.db;
  ids.educacion = addCategory(db, 'Educación', { priority: 1 });
  ids.salud = addCategory(db, 'Salud', { priority: 2 });
  ids.cultura = addCategory(db, 'Cultura', { priority: 3 });
  ids.primaria = addCategory(db, 'Primaria', { parent: ids.educacion, priority: 1 });
  ids.secundaria = addCategory(db, 'Secundaria', { parent: ids.educacion, priority: 2 });
  ids.adultos = addCategory(db, 'Adultos', { parent: ids.educacion, priority: 3 });
  ids.nutricion = addCategory(db, 'Nutrición', { parent: ids.salud, priority: 1 });
});
afterEach(async () => t.close());

type Row = { id: number; name: string; parent_id: number | null; priority: number; global_id: string };
const row = (id: number) => t.app.db.prepare<[number], Row>('SELECT id, name, parent_id, priority, global_id FROM categories WHERE id = ?').get(id);
/** Children names in priority order, and the priorities themselves. */
const kids = (parent: number | null) => {
  const rows = t.app.db.prepare<[number | null], Row>('SELECT id, name, parent_id, priority FROM categories WHERE parent_id IS ? ORDER BY priority, id').all(parent);
  return { names: rows.map((r) => r.name), priorities: rows.map((r) => r.priority) };
};
const dense = (parent: number | null) => expect(kids(parent).priorities).toEqual(kids(parent).names.map((_, i) => i + 1));
const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = v.admin) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('POST /api/content/type/create', () => {
  it('adds the category last among its siblings with a global id, raising the parent child count', async () => {
    const res = await call('POST', '/api/content/type/create', { name: '  Inicial ', content_type_father_id: ids.educacion });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.data).toMatchObject({ name: 'Inicial', parentId: ids.educacion, priority: 4, childrenCount: 0 });
    expect(row(body.data.id)?.global_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(kids(ids.educacion).names).toEqual(['Primaria', 'Secundaria', 'Adultos', 'Inicial']);
    const parent = (await t.app.inject({ method: 'GET', url: `/api/v2/categories/${ids.educacion}/siblings`, headers: v.admin })).json().data;
    expect(parent.find((c: { id: number }) => c.id === ids.educacion).childrenCount).toBe(4);
  });

  it('creates at the top level without a parent', async () => {
    const res = await call('POST', '/api/content/type/create', { name: 'Deportes' });
    expect(res.json().data).toMatchObject({ parentId: null, priority: 4 });
    dense(null);
  });

  it('refuses an unknown parent and an empty name', async () => {
    expect((await call('POST', '/api/content/type/create', { name: 'X', content_type_father_id: 9999 })).json().error.code).toBe('CATEGORY_PARENT_NOT_FOUND');
    expect((await call('POST', '/api/content/type/create', { name: '   ' })).statusCode).toBe(400);
  });
});

describe('PUT /api/content/type/{id}/update', () => {
  it('renames', async () => {
    const res = await call('PUT', `/api/content/type/${ids.cultura}/update`, { name: 'Arte y cultura' });
    expect(res.statusCode).toBe(200);
    expect(row(ids.cultura)?.name).toBe('Arte y cultura');
  });

  it('moves to another parent at a given priority, both sibling lists staying dense', async () => {
    const res = await call('PUT', `/api/content/type/${ids.secundaria}/update`, { name: 'Secundaria', content_type_father_id: ids.salud, priority: 1 });
    expect(res.statusCode).toBe(200);
    expect(kids(ids.salud).names).toEqual(['Secundaria', 'Nutrición']);
    expect(kids(ids.educacion).names).toEqual(['Primaria', 'Adultos']);
    dense(ids.salud);
    dense(ids.educacion);
  });

  it('reorders within the same parent by priority', async () => {
    await call('PUT', `/api/content/type/${ids.adultos}/update`, { priority: 1 });
    expect(kids(ids.educacion).names).toEqual(['Adultos', 'Primaria', 'Secundaria']);
    dense(ids.educacion);
  });

  it('refuses making a category its own descendant', async () => {
    const res = await call('PUT', `/api/content/type/${ids.educacion}/update`, { content_type_father_id: ids.primaria });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('CATEGORY_CYCLE');
    expect(row(ids.educacion)?.parent_id).toBeNull();
  });

  it('answers 404 for an unknown category', async () => {
    expect((await call('PUT', '/api/content/type/9999/update', { name: 'X' })).statusCode).toBe(404);
  });

  it('hides a category with its subtree from everyone but admins (statusId 0), and shows it again (1)', async () => {
    const visibleNames = async (headers: Record<string, string>) =>
      ((await t.app.inject({ method: 'GET', url: '/api/content/types', headers })).json() as { data: { name: string }[] }).data.map((c) => c.name);
    const hidden = await call('PUT', `/api/content/type/${ids.educacion}/update`, { statusId: 0 });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().data).toMatchObject({ id: ids.educacion, statusId: 0 });
    for (const headers of [{}, v.user]) {
      expect(await visibleNames(headers)).not.toContain('Educación');
      expect((await t.app.inject({ method: 'GET', url: `/api/v2/categories/${ids.primaria}/siblings`, headers })).statusCode).toBe(404);
    }
    expect(await visibleNames(v.admin)).toContain('Educación');

    expect((await call('PUT', `/api/content/type/${ids.educacion}/update`, { statusId: 1 })).json().data.statusId).toBe(1);
    expect(await visibleNames({})).toContain('Educación');
  });

  it('refuses a status other than 0 or 1 and changes nothing', async () => {
    const res = await call('PUT', `/api/content/type/${ids.cultura}/update`, { statusId: 2 });
    expect(res.statusCode).toBe(400);
    expect(t.app.db.prepare<[number], { status_id: number }>('SELECT status_id FROM categories WHERE id = ?').get(ids.cultura)?.status_id).toBe(1);
  });
});

describe('PUT /api/v2/categories/{id}/change-parent', () => {
  it('moves a whole subtree under a new parent, appended last', async () => {
    const res = await call('PUT', `/api/v2/categories/${ids.educacion}/change-parent`, { newParentId: ids.cultura });
    expect(res.statusCode).toBe(200);
    expect(row(ids.educacion)).toMatchObject({ parent_id: ids.cultura, priority: 1 });
    // the subtree came along
    expect(kids(ids.educacion).names).toEqual(['Primaria', 'Secundaria', 'Adultos']);
    expect(kids(null).names).toEqual(['Salud', 'Cultura']);
    dense(null);
  });

  it('moves to the top level with null', async () => {
    await call('PUT', `/api/v2/categories/${ids.primaria}/change-parent`, { newParentId: null });
    expect(kids(null).names).toEqual(['Educación', 'Salud', 'Cultura', 'Primaria']);
    expect(kids(ids.educacion).names).toEqual(['Secundaria', 'Adultos']);
    dense(ids.educacion);
  });

  it.each([
    ['itself', () => ids.educacion],
    ['a child', () => ids.primaria],
  ])('refuses moving a node under %s with 409 CATEGORY_CYCLE', async (_what, target) => {
    const res = await call('PUT', `/api/v2/categories/${ids.educacion}/change-parent`, { newParentId: target() });
    expect(res.json().error.code).toBe('CATEGORY_CYCLE');
  });

  it('refuses a grandchild too', async () => {
    const nieta = addCategory(t.app.db, 'Nieta', { parent: ids.primaria, priority: 1 });
    const res = await call('PUT', `/api/v2/categories/${ids.educacion}/change-parent`, { newParentId: nieta });
    expect(res.statusCode).toBe(409);
  });
});

describe('POST /api/v2/categories/{id}/move-before', () => {
  it('places the node right before a sibling', async () => {
    const res = await call('POST', `/api/v2/categories/${ids.adultos}/move-before`, { refCategoryId: ids.primaria });
    expect(res.statusCode).toBe(200);
    expect(kids(ids.educacion).names).toEqual(['Adultos', 'Primaria', 'Secundaria']);
    dense(ids.educacion);
  });

  it('moves across parents, before the reference, renumbering both lists', async () => {
    await call('POST', `/api/v2/categories/${ids.nutricion}/move-before`, { refCategoryId: ids.secundaria });
    expect(kids(ids.educacion).names).toEqual(['Primaria', 'Nutrición', 'Secundaria', 'Adultos']);
    expect(kids(ids.salud).names).toEqual([]);
    dense(ids.educacion);
  });

  it('refuses a reference inside the moved subtree', async () => {
    const res = await call('POST', `/api/v2/categories/${ids.educacion}/move-before`, { refCategoryId: ids.secundaria });
    expect(res.json().error.code).toBe('CATEGORY_CYCLE');
    expect(kids(null).names).toEqual(['Educación', 'Salud', 'Cultura']);
  });
});

describe('PUT /api/content/type/sort', () => {
  it('reorders siblings and answers newCategories with priorities 1..n', async () => {
    const res = await call('PUT', '/api/content/type/sort', { order: [ids.cultura, ids.educacion, ids.salud] });
    expect(res.statusCode).toBe(200);
    expect(res.json().newCategories.map((c: { name: string; priority: number }) => [c.name, c.priority])).toEqual([['Cultura', 1], ['Educación', 2], ['Salud', 3]]);
  });

  it('refuses an order that leaves out a sibling or mixes parents', async () => {
    expect((await call('PUT', '/api/content/type/sort', { order: [ids.cultura, ids.educacion] })).json().error.code).toBe('CATEGORY_ORDER_INVALID');
    expect((await call('PUT', '/api/content/type/sort', { order: [ids.cultura, ids.educacion, ids.primaria] })).json().error.code).toBe('CATEGORY_ORDER_INVALID');
    expect(kids(null).names).toEqual(['Educación', 'Salud', 'Cultura']);
  });
});

describe('DELETE /api/content/type/{id}/delete', () => {
  it('deletes an empty category, lowering the parent count and closing the gap', async () => {
    const res = await call('DELETE', `/api/content/type/${ids.primaria}/delete`);
    expect(res.statusCode).toBe(200);
    expect(row(ids.primaria)).toBeUndefined();
    expect(kids(ids.educacion)).toEqual({ names: ['Secundaria', 'Adultos'], priorities: [1, 2] });
  });

  it('refuses a category with subcategories, in Spanish, with counts', async () => {
    const res = await call('DELETE', `/api/content/type/${ids.educacion}/delete`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'CATEGORY_NOT_EMPTY', data: { children: 3, resources: 0 } });
    expect(res.json().error.message).toMatch(/No se puede eliminar «Educación»/);
  });

  it('refuses a category that still holds resources, whatever their status', async () => {
    addResource(t.app.db, { title: 'Borrador', category: ids.cultura, status: 'draft' });
    const res = await call('DELETE', `/api/content/type/${ids.cultura}/delete`);
    expect(res.json().error).toMatchObject({ code: 'CATEGORY_NOT_EMPTY', data: { children: 0, resources: 1 } });
    expect(row(ids.cultura)).toBeDefined();
  });

  it('clears a tutorial category setting that pointed at it', async () => {
    await t.app.inject({ method: 'PUT', url: '/api/v2/admin/settings', headers: v.admin, payload: { tutorialCategoryId: ids.cultura } });
    await call('DELETE', `/api/content/type/${ids.cultura}/delete`);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/id/config' })).json().tutorialCategoryId).toBeNull();
  });
});

describe('category writes are admin only', () => {
  it('refuses an ordinary user with 403 and changes nothing', async () => {
    const res = await call('POST', '/api/content/type/create', { name: 'Intrusa' }, v.user);
    expect(res.statusCode).toBe(403);
    expect(kids(null).names).toEqual(['Educación', 'Salud', 'Cultura']);
  });
});
