import { CommentPageSchema, CommentSchema } from '@kit/contract';
import { Value } from 'typebox/value';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller, contribWorldForFile, errorCode } from '../../../test/contrib-helper.ts';
import { addResource } from '../../../test/library-fixtures.ts';

const w = contribWorldForFile();
const api = caller(w);
let published = 0;

beforeAll(() => {
  published = addResource(w.t.app.db, { title: 'Canto de cosecha', user: w.ids.owner });
});

const post = (who: 'owner' | 'other' | 'admin' | 'anonymous', content_id: number, comment: unknown) => api(who, 'POST', '/comment/create', { payload: { content_id, comment } });
const count = (id: number) => w.t.app.db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM comments WHERE resource_id = ?').get(id)?.n;

describe('POST /api/comment/create', () => {
  it('adds a trimmed comment by the caller and answers it', async () => {
    const res = await post('other', published, '  ¡Qué bonito canto!  ');
    expect(res.statusCode).toBe(201);
    expect(Value.Check(CommentSchema, res.json())).toBe(true);
    expect(res.json()).toMatchObject({ content_id: published, comment: '¡Qué bonito canto!', user: { id: w.ids.other, user_name: 'pedro', FullImageUrl: null }, canDelete: true });
  });

  it('rejects an empty comment with 400 COMMENT_EMPTY', async () => {
    const before = count(published);
    for (const comment of ['', '   ', '\n\t\n', '\u0000\u0007']) {
      const res = await post('other', published, comment);
      expect(res.statusCode).toBe(400);
      expect(errorCode(res)).toBe('COMMENT_EMPTY');
    }
    expect(count(published)).toBe(before);
  });

  it('takes 1000 characters (letters with accents count once) and refuses 1001 with COMMENT_TOO_LONG', async () => {
    expect((await post('other', published, 'ñ'.repeat(1000))).statusCode).toBe(201);
    expect((await post('other', published, `  ${'a'.repeat(1000)}  `)).statusCode).toBe(201);
    const long = await post('other', published, 'a'.repeat(1001));
    expect(long.statusCode).toBe(400);
    expect(errorCode(long)).toBe('COMMENT_TOO_LONG');
    expect((await post('other', published, 'a'.repeat(5000))).statusCode).toBe(400);
  });

  it('keeps HTML as the text it is (the web renders text, never markup)', async () => {
    const html = '<img src=x onerror="alert(1)"><b>negrita</b> & </script>';
    const res = await post('other', published, html);
    expect(res.json().comment).toBe(html);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const stored = w.t.app.db.prepare('SELECT comment FROM comments WHERE id = ?').get(res.json().id);
    expect(stored).toEqual({ comment: html });
  });

  it('only on resources the caller can see, only when logged in', async () => {
    const draft = addResource(w.t.app.db, { title: 'Borrador', status: 'draft', user: w.ids.owner });
    const blocked = addResource(w.t.app.db, { title: 'Bloqueado', status: 'blocked', user: w.ids.owner });
    for (const id of [draft, blocked, 99999]) expect(errorCode(await post('other', id, 'Hola'))).toBe('RESOURCE_NOT_FOUND');
    expect((await post('owner', draft, 'Nota para mí')).statusCode).toBe(201);
    expect((await post('admin', blocked, 'Revisado')).statusCode).toBe(201);
    expect((await post('anonymous', published, 'Hola')).statusCode).toBe(401);
    expect((await api('other', 'POST', '/comment/create', { payload: { comment: 'sin recurso' } })).statusCode).toBe(400);
  });
});

describe('GET /api/comments/{resourceId}', () => {
  it('lists newest first with the author, paged', async () => {
    const id = addResource(w.t.app.db, { title: 'Para comentar', user: w.ids.owner });
    for (const text of ['primero', 'segundo', 'tercero']) await post('other', id, text);
    const res = await api('anonymous', 'GET', `/comments/${id}?per_page=2`);
    expect(res.statusCode).toBe(200);
    expect(Value.Check(CommentPageSchema, res.json())).toBe(true);
    expect(res.json()).toMatchObject({ total: 3, per_page: 2, last_page: 2, current_page: 1, from: 1, to: 2 });
    expect(res.json().data.map((c: { comment: string }) => c.comment)).toEqual(['tercero', 'segundo']);
    expect(res.json().data[0]).toMatchObject({ user: { id: w.ids.other, user_name: 'pedro' }, canDelete: false });
    expect((await api('anonymous', 'GET', `/comments/${id}?page=2&per_page=2`)).json().data.map((c: { comment: string }) => c.comment)).toEqual(['primero']);
    expect((await api('admin', 'GET', `/comments/${id}`)).json().data.every((c: { canDelete: boolean }) => c.canDelete)).toBe(true);
  });

  it('answers 404 for a resource the caller cannot see', async () => {
    const draft = addResource(w.t.app.db, { title: 'Oculto', status: 'pending', user: w.ids.owner });
    expect((await api('anonymous', 'GET', `/comments/${draft}`)).statusCode).toBe(404);
    expect((await api('other', 'GET', `/comments/${draft}`)).statusCode).toBe(404);
    expect((await api('owner', 'GET', `/comments/${draft}`)).statusCode).toBe(200);
  });
});

describe('POST /api/comment/delete/{id}', () => {
  it('lets the author and admins delete, nobody else', async () => {
    const id = (await post('other', published, 'Lo borraré')).json().id as number;
    expect((await api('anonymous', 'POST', `/comment/delete/${id}`)).statusCode).toBe(401);
    const owner = await api('owner', 'POST', `/comment/delete/${id}`);
    expect(owner.statusCode).toBe(403);
    expect(errorCode(owner)).toBe('FORBIDDEN');
    expect((await api('denied', 'POST', `/comment/delete/${id}`)).statusCode).toBe(403);
    expect((await api('other', 'POST', `/comment/delete/${id}`)).json()).toEqual({ ok: true });
    expect(errorCode(await api('other', 'POST', `/comment/delete/${id}`))).toBe('COMMENT_NOT_FOUND');
    const another = (await post('other', published, 'Lo borra la admin')).json().id as number;
    expect((await api('admin', 'POST', `/comment/delete/${another}`)).statusCode).toBe(200);
    expect(w.t.app.db.prepare('SELECT id FROM comments WHERE id IN (?, ?)').all(id, another)).toEqual([]);
  });
});
