import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { addCategory, addMedia, addResource } from '../../../test/library-fixtures.ts';
import { makeViewers, type Viewers } from '../../../test/portal-helpers.ts';

let t: TestApp;
let v: Viewers;

beforeAll(async () => {
  t = await buildTestApp();
  v = await makeViewers(t.app);
  const db = t.app.db;
  const cat = addCategory(db, 'Salud, higiene', { priority: 1 });
  const r = addResource(db, { title: '=cmd|"/c calc"!A1', category: cat });
  const s = addResource(db, { title: 'Canción', category: null });
  db.prepare("INSERT INTO resource_stats_daily (resource_id, day, views, downloads) VALUES (?, '2026-03-01', 5, 1), (?, '2026-03-02', 2, 0), (?, '2026-03-02', 1, 1), (?, '2026-02-01', 50, 50)").run(r, r, s, r);
  db.prepare("UPDATE users SET name = '@malo', last_name = 'Pérez' WHERE user_name = 'rosa'").run();
  addMedia(db, t.dataDir, Buffer.alloc(1000, 1), 'mp4', 'video/mp4');
  addMedia(db, t.dataDir, Buffer.alloc(300, 2), 'png', 'image/png');
});
afterAll(async () => t.close());

const get = (url: string, headers = v.admin) => t.app.inject({ method: 'GET', url, headers });
const lines = (body: string) => body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');

describe('GET /api/v2/admin/reports/usage.csv', () => {
  it('sums views and downloads per resource in the range, guarding formulas', async () => {
    const res = await get('/api/v2/admin/reports/usage.csv?from=2026-03-01&to=2026-03-31&by=resource');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="uso-resource-2026-03-01-2026-03-31.csv"/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const out = lines(res.body);
    expect(out[0]).toBe('Id,Recurso,Categoría,Vistas,Descargas');
    expect(out[1]).toMatch(/^\d+,"'=cmd\|""\/c calc""!A1","Salud, higiene",7,1$/);
    expect(out).toHaveLength(3);
  });

  it('groups by category and by day', async () => {
    expect(lines((await get('/api/v2/admin/reports/usage.csv?from=2026-03-01&to=2026-03-31&by=category')).body).slice(1)).toEqual([
      expect.stringMatching(/^\d+,"Salud, higiene",7,1$/),
      ',Sin categoría,1,1',
    ]);
    expect(lines((await get('/api/v2/admin/reports/usage.csv?from=2026-03-01&to=2026-03-31&by=day')).body)).toEqual(['Día,Vistas,Descargas', '2026-03-01,5,1', '2026-03-02,3,1']);
  });

  it('refuses a reversed range and a bad grouping', async () => {
    expect((await get('/api/v2/admin/reports/usage.csv?from=2026-03-31&to=2026-03-01')).statusCode).toBe(400);
    expect((await get('/api/v2/admin/reports/usage.csv?by=hora')).statusCode).toBe(400);
  });
});

describe('GET /api/v2/admin/users.csv', () => {
  it('exports every user with a header row and guarded cells', async () => {
    const res = await get('/api/v2/admin/users.csv');
    const out = lines(res.body);
    expect(out[0]).toBe('Id,Usuario,Nombre,Apellido,Correo,Género,Fecha de nacimiento,Código de país,Teléfono,Administrador,Bloqueado,Creado');
    expect(out).toHaveLength(4);
    expect(out.find((l) => l.includes('rosa'))).toContain(",'@malo,Pérez,");
  });
});

describe('GET /api/v2/admin/storage', () => {
  it('reports disk free of the data dir and media bytes by kind', async () => {
    const body = (await get('/api/v2/admin/storage')).json();
    const stats = fs.statfsSync(t.dataDir);
    expect(body.disk.totalBytes).toBe(stats.blocks * stats.bsize);
    expect(body.disk.freeBytes).toBeGreaterThan(0);
    expect(body.media).toEqual([{ kind: 'video', files: 1, bytes: 1000 }, { kind: 'image', files: 1, bytes: 300 }]);
    expect(body.mediaBytes).toBe(1300);
  });
});
