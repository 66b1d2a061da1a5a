import { ResourcePageSchema } from '@kit/contract';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { caller, contribWorldForFile, errorCode } from '../../../test/contrib-helper.ts';
import { addCategory, addResource } from '../../../test/library-fixtures.ts';

const w = contribWorldForFile();
const api = caller(w);

const favs = async (who: 'owner' | 'other' | 'admin' | 'anonymous', userId: number) =>
  ((await api(who, 'GET', `/v2/user/${userId}/resources/favorites?per_page=60`)).json().data as Array<{ id: number }>).map((r) => r.id);
const rows = (userId: number) => w.t.app.db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM favorites WHERE user_id = ?').get(userId)?.n;

describe('PUT and DELETE /api/v2/resources/{id}/favorite', () => {
  it('adds and removes; doing either twice leaves one state and one row', async () => {
    const id = addResource(w.t.app.db, { title: 'Huayno' });
    for (let i = 0; i < 2; i++) {
      const res = await api('other', 'PUT', `/v2/resources/${id}/favorite`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ resourceId: id, isFavorite: true });
    }
    expect(rows(w.ids.other)).toBe(1);
    expect((await api('other', 'GET', `/v2/resource/${id}`)).json().isFavorite).toBe(true);
    for (let i = 0; i < 2; i++) expect((await api('other', 'DELETE', `/v2/resources/${id}/favorite`)).json()).toEqual({ resourceId: id, isFavorite: false });
    expect(rows(w.ids.other)).toBe(0);
  });

  it('adds only resources the caller can see, and only when logged in', async () => {
    const draft = addResource(w.t.app.db, { title: 'Borrador ajeno', status: 'draft', user: w.ids.owner });
    expect(errorCode(await api('other', 'PUT', `/v2/resources/${draft}/favorite`))).toBe('RESOURCE_NOT_FOUND');
    expect(errorCode(await api('other', 'PUT', '/v2/resources/999999/favorite'))).toBe('RESOURCE_NOT_FOUND');
    expect((await api('owner', 'PUT', `/v2/resources/${draft}/favorite`)).statusCode).toBe(200);
    expect((await api('anonymous', 'PUT', `/v2/resources/${draft}/favorite`)).statusCode).toBe(401);
    expect((await api('anonymous', 'DELETE', `/v2/resources/${draft}/favorite`)).statusCode).toBe(401);
  });

  it('removes a favourite that was blocked since, though the caller can no longer see it', async () => {
    const id = addResource(w.t.app.db, { title: 'Se bloqueará' });
    await api('other', 'PUT', `/v2/resources/${id}/favorite`);
    w.t.app.db.prepare("UPDATE resources SET status = 'blocked' WHERE id = ?").run(id);
    expect((await api('other', 'DELETE', `/v2/resources/${id}/favorite`)).statusCode).toBe(200);
    expect(w.t.app.db.prepare('SELECT 1 FROM favorites WHERE user_id = ? AND resource_id = ?').get(w.ids.other, id)).toBeUndefined();
  });
});

describe('GET /api/v2/user/{id}/resources/favorites', () => {
  it("answers {data,…} newest favourite first, with only what the viewer may see", async () => {
    const a = addResource(w.t.app.db, { title: 'Primero' });
    const b = addResource(w.t.app.db, { title: 'Segundo' });
    const hidden = addResource(w.t.app.db, { title: 'En categoría oculta', category: addCategory(w.t.app.db, 'Oculta', { hidden: true }) });
    const own = addResource(w.t.app.db, { title: 'Mi borrador', status: 'draft', user: w.ids.admin });
    for (const id of [a, b, hidden, own]) await api('admin', 'PUT', `/v2/resources/${id}/favorite`);
    const res = await api('anonymous', 'GET', `/v2/user/${w.ids.admin}/resources/favorites`);
    expect(res.statusCode).toBe(200);
    expect(Value.Check(ResourcePageSchema, res.json())).toBe(true);
    expect(res.json().data.map((r: { id: number }) => r.id)).toEqual([b, a]);
    expect(res.json().total).toBe(2);
    expect(await favs('admin', w.ids.admin)).toEqual([own, hidden, b, a]);
    // A resource blocked later leaves the list for others.
    w.t.app.db.prepare("UPDATE resources SET status = 'blocked' WHERE id = ?").run(b);
    expect(await favs('other', w.ids.admin)).toEqual([a]);
    expect((await api('anonymous', 'GET', '/v2/user/999999/resources/favorites')).statusCode).toBe(404);
  });
});
