import { beforeAll, describe, expect, it } from 'vitest';
import { caller, contribWorldForFile, errorCode } from '../../../test/contrib-helper.ts';
import { addResource } from '../../../test/library-fixtures.ts';
import { sweepIdempotencyKeys } from './idempotency.service.ts';

const w = contribWorldForFile();
const api = caller(w);
let resource = 0;

beforeAll(() => {
  resource = addResource(w.t.app.db, { title: 'Para el buzón sin conexión', user: w.ids.owner });
});

const count = (sql: string, ...args: unknown[]) => (w.t.app.db.prepare(sql).get(...args) as { n: number }).n;
const key = (k: string) => ({ 'idempotency-key': k });

describe('Idempotency-Key on writes the offline outbox replays', () => {
  it('comment create: the same key twice makes one comment and gives the first answer again', async () => {
    const send = () => api('other', 'POST', '/comment/create', { payload: { content_id: resource, comment: 'Enviado sin conexión' }, headers: key('c-1') });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(count("SELECT count(*) AS n FROM comments WHERE comment = 'Enviado sin conexión'")).toBe(1);
    // Without a key, each call is a new comment.
    await api('other', 'POST', '/comment/create', { payload: { content_id: resource, comment: 'Sin clave' } });
    await api('other', 'POST', '/comment/create', { payload: { content_id: resource, comment: 'Sin clave' } });
    expect(count("SELECT count(*) AS n FROM comments WHERE comment = 'Sin clave'")).toBe(2);
  });

  it('keys belong to one user: another user with the same key gets their own effect', async () => {
    await api('other', 'POST', '/comment/create', { payload: { content_id: resource, comment: 'De pedro' }, headers: key('compartida') });
    const admin = await api('admin', 'POST', '/comment/create', { payload: { content_id: resource, comment: 'De jefa' }, headers: key('compartida') });
    expect(admin.json().comment).toBe('De jefa');
  });

  it('refuses the same key for a different operation with 422', async () => {
    await api('other', 'POST', '/comment/create', { payload: { content_id: resource, comment: 'Uno' }, headers: key('c-2') });
    const res = await api('other', 'POST', '/comment/create', { payload: { content_id: resource, comment: 'Otro texto' }, headers: key('c-2') });
    expect(res.statusCode).toBe(422);
    expect(errorCode(res)).toBe('IDEMPOTENCY_KEY_REUSED');
    const elsewhere = await api('other', 'PUT', `/v2/resources/${resource}/favorite`, { headers: key('c-2') });
    expect(errorCode(elsewhere)).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('does not keep refusals: a write that failed may be sent again with its key', async () => {
    const empty = await api('other', 'POST', '/comment/create', { payload: { content_id: resource, comment: '  ' }, headers: key('c-3') });
    expect(errorCode(empty)).toBe('COMMENT_EMPTY');
    expect(count("SELECT count(*) AS n FROM idempotency_keys WHERE key = 'c-3'")).toBe(0);
  });

  it('favourite add and remove, report, list add and remove: one effect each', async () => {
    const list = (await api('other', 'POST', '/v2/playlists', { payload: { name: 'Offline' }, headers: key('l-0') })).json().id as number;
    expect((await api('other', 'POST', '/v2/playlists', { payload: { name: 'Offline' }, headers: key('l-0') })).json().id).toBe(list);
    expect(count('SELECT count(*) AS n FROM playlists WHERE user_id = ?', w.ids.other)).toBe(1);

    const twice = async (method: 'PUT' | 'DELETE' | 'POST', url: string, k: string, payload?: object) => {
      const a = await api('other', method, url, { headers: key(k), ...(payload ? { payload } : {}) });
      const b = await api('other', method, url, { headers: key(k), ...(payload ? { payload } : {}) });
      expect(a.statusCode, url).toBeLessThan(300);
      expect(b.json(), url).toEqual(a.json());
      return a;
    };
    await twice('PUT', `/v2/resources/${resource}/favorite`, 'f-1');
    expect(count('SELECT count(*) AS n FROM favorites WHERE user_id = ?', w.ids.other)).toBe(1);
    await twice('DELETE', `/v2/resources/${resource}/favorite`, 'f-2');
    expect(count('SELECT count(*) AS n FROM favorites WHERE user_id = ?', w.ids.other)).toBe(0);

    await twice('POST', `/v2/resources/${resource}/report`, 'r-1', { reason: 'Repetido por el buzón' });
    expect(count('SELECT count(*) AS n FROM reports WHERE user_id = ?', w.ids.other)).toBe(1);

    await twice('POST', `/v2/playlists/${list}/items`, 'p-1', { resource_id: resource });
    expect(count('SELECT count(*) AS n FROM playlist_items WHERE playlist_id = ?', list)).toBe(1);
    await twice('DELETE', `/playlist/${list}/${resource}`, 'p-2');
    expect(count('SELECT count(*) AS n FROM playlist_items WHERE playlist_id = ?', list)).toBe(0);

    const comment = (await api('other', 'POST', '/comment/create', { payload: { content_id: resource, comment: 'Borrar' } })).json().id as number;
    await twice('POST', `/comment/delete/${comment}`, 'd-1');
  });

  it('refuses a malformed key, and forgets answers after 7 days', async () => {
    const res = await api('other', 'PUT', `/v2/resources/${resource}/favorite`, { headers: key('con espacios') });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.data.field).toBe('headers.idempotency-key');
    w.t.app.db.prepare("UPDATE idempotency_keys SET created_at = '2020-01-01T00:00:00.000Z' WHERE key = 'c-1'").run();
    expect(sweepIdempotencyKeys(w.t.app)).toBe(1);
    expect(count("SELECT count(*) AS n FROM idempotency_keys WHERE key = 'c-1'")).toBe(0);
  });
});
