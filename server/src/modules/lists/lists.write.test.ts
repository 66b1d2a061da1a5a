import { PlaylistCardListSchema, PlaylistSchema } from '@kit/contract';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { caller, contribWorldForFile, errorCode, files } from '../../../test/contrib-helper.ts';
import { addMedia, addResource } from '../../../test/library-fixtures.ts';

const w = contribWorldForFile();
const api = caller(w);

const newList = async (name = 'Para la escuela', who: 'owner' | 'other' = 'other') => (await api(who, 'POST', '/v2/playlists', { payload: { name } })).json().id as number;
const itemIds = async (id: number, who: 'other' | 'anonymous' | 'owner' = 'other') =>
  ((await api(who, 'GET', `/playlist/${id}`)).json().content as Array<{ id: number }>).map((r) => r.id);

describe('POST /api/v2/playlists and PUT, DELETE /api/v2/playlists/{id}', () => {
  it('creates, renames and deletes a list of the caller', async () => {
    const res = await api('other', 'POST', '/v2/playlists', { payload: { name: '  Música   andina  ' } });
    expect(res.statusCode).toBe(201);
    expect(Value.Check(PlaylistSchema, res.json())).toBe(true);
    expect(res.json()).toMatchObject({ name: 'Música andina', content: [], user: { id: w.ids.other } });
    const id = res.json().id as number;
    expect((await api('other', 'PUT', `/v2/playlists/${id}`, { payload: { name: 'Huaynos' } })).json().name).toBe('Huaynos');
    expect((await api('other', 'DELETE', `/v2/playlists/${id}`)).json()).toEqual({ ok: true });
    expect(errorCode(await api('anonymous', 'GET', `/playlist/${id}`))).toBe('PLAYLIST_NOT_FOUND');
  });

  it('wants a name of 1–100 characters', async () => {
    for (const name of ['', '   ', 'x'.repeat(101)]) {
      const res = await api('other', 'POST', '/v2/playlists', { payload: { name } });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.data.field).toBe('body.name');
    }
  });

  it('lets only the owner change a list; an admin may delete it', async () => {
    const id = await newList();
    expect((await api('anonymous', 'PUT', `/v2/playlists/${id}`, { payload: { name: 'x' } })).statusCode).toBe(401);
    expect(errorCode(await api('owner', 'PUT', `/v2/playlists/${id}`, { payload: { name: 'Mía' } }))).toBe('FORBIDDEN');
    expect(errorCode(await api('admin', 'PUT', `/v2/playlists/${id}`, { payload: { name: 'Mía' } }))).toBe('FORBIDDEN');
    expect(errorCode(await api('owner', 'DELETE', `/v2/playlists/${id}`))).toBe('FORBIDDEN');
    expect(errorCode(await api('denied', 'DELETE', `/v2/playlists/${id}`))).toBe('FORBIDDEN');
    expect((await api('admin', 'DELETE', `/v2/playlists/${id}`)).statusCode).toBe(200);
    expect(errorCode(await api('other', 'DELETE', '/v2/playlists/999999'))).toBe('PLAYLIST_NOT_FOUND');
  });
});

describe('POST /api/v2/playlists/{id}/items and DELETE /api/playlist/{id}/{resourceId}', () => {
  it('adds at the end once, and removes', async () => {
    const id = await newList();
    const a = addResource(w.t.app.db, { title: 'A' });
    const b = addResource(w.t.app.db, { title: 'B' });
    for (const r of [a, b, a]) {
      const res = await api('other', 'POST', `/v2/playlists/${id}/items`, { payload: { resource_id: r } });
      expect(res.statusCode).toBe(200);
    }
    expect(await itemIds(id)).toEqual([a, b]);
    const removed = await api('other', 'DELETE', `/playlist/${id}/${a}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().content.map((r: { id: number }) => r.id)).toEqual([b]);
    expect((await api('other', 'DELETE', `/playlist/${id}/${a}`)).statusCode).toBe(200);
    expect(errorCode(await api('owner', 'DELETE', `/playlist/${id}/${b}`))).toBe('FORBIDDEN');
    expect((await api('anonymous', 'DELETE', `/playlist/${id}/${b}`)).statusCode).toBe(401);
  });

  it('adds only resources the owner of the list can see', async () => {
    const id = await newList();
    const draft = addResource(w.t.app.db, { title: 'Borrador ajeno', status: 'draft', user: w.ids.owner });
    expect(errorCode(await api('other', 'POST', `/v2/playlists/${id}/items`, { payload: { resource_id: draft } }))).toBe('RESOURCE_NOT_FOUND');
    const mine = await newList('De rosa', 'owner');
    expect((await api('owner', 'POST', `/v2/playlists/${mine}/items`, { payload: { resource_id: draft } })).statusCode).toBe(200);
    // Others see the list without the owner's draft.
    expect(await itemIds(mine, 'anonymous')).toEqual([]);
    expect(await itemIds(mine, 'owner')).toEqual([draft]);
  });

  it('holds at most 500 items', async () => {
    const id = await newList();
    const insert = w.t.app.db.prepare('INSERT INTO playlist_items (playlist_id, resource_id, position) VALUES (?, ?, ?)');
    for (let i = 0; i < 500; i++) insert.run(id, addResource(w.t.app.db, { title: `R${i}` }), i);
    const res = await api('other', 'POST', `/v2/playlists/${id}/items`, { payload: { resource_id: addResource(w.t.app.db, { title: 'Uno más' }) } });
    expect(res.statusCode).toBe(409);
    expect(errorCode(res)).toBe('PLAYLIST_FULL');
  });
});

describe('GET /api/v2/user/{id}/playlists', () => {
  it("lists a user's lists for the profile, last changed first, with counts, a cover and whether one resource is in each", async () => {
    const { ids } = await contribWorldUser();
    const res = await api('anonymous', 'GET', `/v2/user/${ids.user}/playlists?resource=${ids.withCover}`);
    expect(res.statusCode).toBe(200);
    expect(Value.Check(PlaylistCardListSchema, res.json())).toBe(true);
    const [second, first] = res.json().data;
    expect(second).toMatchObject({ id: ids.second, name: 'Segunda', count: 0, coverUrl: null, hasResource: false });
    expect(first).toMatchObject({ id: ids.first, name: 'Primera', count: 2, coverUrl: expect.stringMatching(/\.png$/), hasResource: true });
    expect((await api('anonymous', 'GET', `/v2/user/${ids.user}/playlists`)).json().data[0].hasResource).toBeUndefined();
    expect((await api('anonymous', 'GET', '/v2/user/999999/playlists')).statusCode).toBe(404);
  });
});

/** A user (the world's "admin") with two lists; the first has a resource with a cover. */
async function contribWorldUser() {
  const cover = addMedia(w.t.app.db, w.t.dataDir, await files.png(50, 50), 'png', 'image/png');
  const withCover = addResource(w.t.app.db, { title: 'Con portada', cover });
  const plain = addResource(w.t.app.db, { title: 'Sin portada' });
  const first = (await api('admin', 'POST', '/v2/playlists', { payload: { name: 'Primera' } })).json().id as number;
  await api('admin', 'POST', `/v2/playlists/${first}/items`, { payload: { resource_id: plain } });
  await api('admin', 'POST', `/v2/playlists/${first}/items`, { payload: { resource_id: withCover } });
  await new Promise((r) => setTimeout(r, 5));
  const second = (await api('admin', 'POST', '/v2/playlists', { payload: { name: 'Segunda' } })).json().id as number;
  return { ids: { user: w.ids.admin, first, second, withCover } };
}
