import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, login, type TestApp } from '../../test/helper.ts';
import { addCategory } from '../../test/library-fixtures.ts';
import { openDatabase } from '../db/connection.ts';
import { readSettings } from '../kit-settings/kit-settings.repo.ts';
import { CategoryTree } from './category-tree.ts';

/*
 * The category tree and the kit's settings, read by nearly every request, are
 * kept between requests (db/table-memo.ts). Whatever changes them, through
 * the admin's API or another program on the database, the very next answer
 * shows the change.
 */

let t: TestApp;
let admin: Record<string, string>;
let huertos = 0;

beforeAll(async () => {
  t = await buildTestApp();
  huertos = addCategory(t.app.db, 'Huertos', { priority: 1 });
  addCategory(t.app.db, 'Riego', { parent: huertos });
  addCategory(t.app.db, 'Cuentos', { priority: 2 });
  await createUser(t.app, 'jefa', 'clave-jefa', { admin: true });
  admin = { authorization: `Bearer ${(await login(t.app, 'jefa', 'clave-jefa')).token}` };
});
afterAll(async () => t.close());

const topNames = async (headers: Record<string, string> = {}): Promise<string[]> => {
  const res = await t.app.inject({ url: '/api/v2/categories/root/children', headers });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { name: string }[] }).data.map((c) => c.name);
};

/** Another program on the same database file (the backup and import tools open their own connection). */
const fromAnotherConnection = (sql: string, ...params: unknown[]): void => {
  const tool = openDatabase(path.join(t.dataDir, 'portal.db'));
  try {
    tool.prepare(sql).run(...params);
  } finally {
    tool.close();
  }
};

describe('the category tree between requests', () => {
  it('is built once while no category changes', () => {
    expect(CategoryTree.load(t.app.db, null)).toBe(CategoryTree.load(t.app.db, null));
  });

  it("shows an admin's rename on the next answer", async () => {
    expect(await topNames()).toEqual(['Huertos', 'Cuentos']);
    const res = await t.app.inject({ method: 'PUT', url: `/api/content/type/${huertos}/update`, headers: admin, payload: { name: 'Huertos familiares' } });
    expect(res.statusCode).toBe(200);
    expect(await topNames()).toEqual(['Huertos familiares', 'Cuentos']);
  });

  it('hides a category hidden by another program from the next anonymous answer, and keeps it for admins', async () => {
    expect(await topNames()).toContain('Cuentos');
    expect(await topNames(admin)).toContain('Cuentos');
    fromAnotherConnection("UPDATE categories SET status_id = 0 WHERE name = 'Cuentos'");
    expect(await topNames()).not.toContain('Cuentos');
    expect(await topNames(admin)).toContain('Cuentos');
  });

  it('does not let one answer change the tree the next one reads', () => {
    const row = CategoryTree.load(t.app.db, null).get(huertos);
    expect(row && Object.isFrozen(row)).toBe(true);
  });
});

describe('the settings between requests', () => {
  it('closes the library to anonymous callers on the request right after an admin turns restricted mode on', async () => {
    expect(await topNames()).not.toEqual([]);
    const res = await t.app.inject({ method: 'PUT', url: '/api/v2/admin/settings', headers: admin, payload: { restrictedMode: true } });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v2/categories/root/children' })).statusCode).toBe(401);
    fromAnotherConnection("UPDATE settings SET value = 'false' WHERE key = 'restrictedMode'");
    expect((await t.app.inject({ url: '/api/v2/categories/root/children' })).statusCode).toBe(200);
  });

  it('gives every caller its own copy to change', () => {
    const mine = readSettings(t.app.db);
    mine.contactPhones.push('+51 900 000 000');
    mine.productName = 'Otra';
    expect(readSettings(t.app.db).productName).not.toBe('Otra');
    expect(readSettings(t.app.db).contactPhones).not.toContain('+51 900 000 000');
  });
});
