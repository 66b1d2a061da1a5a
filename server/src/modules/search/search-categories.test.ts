import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { addCategory, addResource } from '../../../test/library-fixtures.ts';

/*
 * A resource is found by the names of its category and of every category
 * above it, like the demo library's "Educación › Primaria › Matemáticas":
 * typing "educacion" must find what is filed two levels below it.
 */
let t: TestApp;
const cats = { educacion: 0, primaria: 0, matematicas: 0, lectura: 0, salud: 0 };
const r = { fracciones: 0, cuentos: 0, canciones: 0, titulo: 0, vacunas: 0 };

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.db;
  cats.educacion = addCategory(db, 'Educación', { priority: 1 });
  cats.primaria = addCategory(db, 'Primaria', { parent: cats.educacion });
  cats.matematicas = addCategory(db, 'Matemáticas', { parent: cats.primaria });
  cats.lectura = addCategory(db, 'Lectura', { parent: cats.primaria });
  cats.salud = addCategory(db, 'Salud', { priority: 2 });
  const day = (n: number) => new Date(Date.UTC(2026, 0, n)).toISOString();
  r.fracciones = addResource(db, { title: 'Fracciones con semillas', description: 'Contar y repartir', category: cats.matematicas, type: 2, createdAt: day(1) });
  r.cuentos = addResource(db, { title: 'Cuentos del río', description: 'Para leer juntos', category: cats.lectura, type: 2, createdAt: day(2) });
  r.canciones = addResource(db, { title: 'Canciones para aprender', description: 'Ritmo y rima', category: cats.educacion, type: 4, createdAt: day(3) });
  // A title match with a long description: bm25 alone would rank it below the short
  // resources found only by their category's name.
  const longText = Array.from({ length: 300 }, (_, i) => `palabra${i % 40}`).join(' ');
  r.titulo = addResource(db, { title: 'Educación sexual integral', description: longText, category: cats.salud, type: 2, createdAt: day(4) });
  r.vacunas = addResource(db, { title: 'Vacunas', description: 'Calendario de vacunas', category: cats.salud, type: 2, createdAt: day(5) });
});
afterAll(() => t.close());

async function ids(query: string): Promise<number[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v3/searchResource?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { id: number }[] }).data.map((d) => d.id);
}
const q = (text: string) => `q=${encodeURIComponent(text)}`;
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

describe('search by the names of a resource’s categories', () => {
  it('finds what is filed under a category and under its subcategories, accents and case ignored', async () => {
    const underEducacion = sorted([r.fracciones, r.cuentos, r.canciones, r.titulo]);
    for (const text of ['educacion', 'Educación', 'EDUCACIÓN', 'educ']) {
      expect(sorted(await ids(q(text))), text).toEqual(underEducacion);
    }
    expect(sorted(await ids(q('primaria')))).toEqual(sorted([r.fracciones, r.cuentos]));
    expect(await ids(q('matematicas'))).toEqual([r.fracciones]);
  });

  it('combines the words of the title and of every level of the category path', async () => {
    expect(await ids(q('fracciones educacion'))).toEqual([r.fracciones]);
    expect(await ids(q('primaria lectura'))).toEqual([r.cuentos]);
    expect(await ids(q('salud primaria'))).toEqual([]);
  });

  it('ranks title matches above resources found only by a category name', async () => {
    const found = await ids(q('educacion'));
    expect(found[0]).toBe(r.titulo);
    expect(found).toHaveLength(4);
    // "asc" is the same ranking read from the other end.
    expect(await ids(`${q('educacion')}&order=asc`)).toEqual([...found].reverse());
  });

  it('keeps the category filter and the names apart: a filter still narrows what the names find', async () => {
    expect(await ids(`${q('educacion')}&categories=${cats.salud}`)).toEqual([r.titulo]);
    expect(sorted(await ids(`${q('educacion')}&categories=${cats.primaria}`))).toEqual(sorted([r.fracciones, r.cuentos]));
  });
});
