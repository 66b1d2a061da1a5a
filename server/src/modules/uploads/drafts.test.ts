import fs from 'node:fs';
import { LICENSES, ManagedResourceSchema } from '@kit/contract';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { caller, contribWorldForFile, errorCode, files, leftovers, multipart, validDraft } from '../../../test/contrib-helper.ts';
import { addCategory, addMedia, addResource } from '../../../test/library-fixtures.ts';
import { mediaPath } from '../../media/store.ts';

const w = contribWorldForFile();
const api = caller(w);

const create = (payload: object, who: 'owner' | 'other' | 'admin' = 'owner') => api(who, 'POST', '/v2/resources', { payload });
const dbRow = (id: number) => w.t.app.db.prepare('SELECT title, author, source, license, description, category_id, type_code, status, rights_declared, user_id FROM resources WHERE id = ?').get(id);

describe('POST /api/v2/resources', () => {
  it('creates a draft owned by the caller, with the rights declaration, answering the managed resource', async () => {
    const res = await create(validDraft(w));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Value.Check(ManagedResourceSchema, body)).toBe(true);
    expect(body).toMatchObject({
      status: 'draft',
      title: 'Cuentos del valle',
      license: 'CC BY 4.0',
      rightsDeclared: true,
      actions: ['edit', 'delete', 'submit'],
      coverUrl: null,
      mediaUrl: null,
      upload: null,
      user: { id: w.ids.owner, user_name: 'rosa' },
      content_type: { id: w.category, name: 'Educación' },
    });
    expect(dbRow(body.id)).toMatchObject({ status: 'draft', rights_declared: 1, user_id: w.ids.owner, type_code: 2 });
    // A draft is not in the library.
    expect((await api('anonymous', 'GET', `/v2/resource/${body.id}`)).statusCode).toBe(404);
  });

  it('requires the declaration that the file is public domain or rights-free', async () => {
    const refused = await create(validDraft(w, { rights_declared: false }));
    expect(refused.statusCode).toBe(400);
    expect(errorCode(refused)).toBe('RIGHTS_DECLARATION_REQUIRED');
    const { rights_declared: _omitted, ...without } = validDraft(w);
    const missing = await create(without);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.data.field).toBe('body.rights_declared');
  });

  it('takes exactly the six rights-free licences', async () => {
    for (const license of LICENSES) expect((await create(validDraft(w, { license }))).statusCode, license).toBe(201);
    for (const license of ['Todos los derechos reservados', 'CC BY-NC 4.0', 'cc0', 'CC BY 4.0 ']) {
      const res = await create(validDraft(w, { license }));
      expect(res.statusCode, license).toBe(400);
      expect(res.json().error.data.field).toBe('body.license');
    }
    // None yet (null, or '' as forms send it): a draft may wait for it; submitting asks for it.
    for (const license of [null, '']) expect((await create(validDraft(w, { license }))).json().license).toBe('');
  });

  it('refuses a blank title, a type without a file (list) or unknown, and a category the user cannot see', async () => {
    const blank = await create(validDraft(w, { title: '  \n ' }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.data.field).toBe('body.title');
    for (const type of [0, 6, 8]) expect((await create(validDraft(w, { type }))).statusCode, `type ${type}`).toBe(400);
    const hidden = addCategory(w.t.app.db, 'Solo admins', { hidden: true });
    for (const category of [hidden, 99999]) {
      const res = await create(validDraft(w, { content_type_id: category }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.data.field).toBe('body.content_type_id');
    }
    expect((await create(validDraft(w, { content_type_id: hidden }), 'admin')).statusCode).toBe(201);
    expect((await create(validDraft(w, { title: 'x'.repeat(201) }))).statusCode).toBe(400);
  });

  it('keeps text as typed, HTML included, as plain text', async () => {
    const res = await create(validDraft(w, { title: '<script>alert(1)</script> Cuentos', description: 'Línea 1\r\nLínea 2\u0007' }));
    expect(res.json()).toMatchObject({ title: '<script>alert(1)</script> Cuentos', description: 'Línea 1\nLínea 2' });
  });

  it('is for logged-in users who changed a temporary password, from this portal', async () => {
    expect((await api('anonymous', 'POST', '/v2/resources', { payload: validDraft(w) })).statusCode).toBe(401);
    w.t.app.db.prepare('UPDATE users SET must_change_password = 1 WHERE id = ?').run(w.ids.other);
    try {
      const res = await create(validDraft(w), 'other');
      expect(res.statusCode).toBe(403);
      expect(errorCode(res)).toBe('PASSWORD_CHANGE_REQUIRED');
    } finally {
      w.t.app.db.prepare('UPDATE users SET must_change_password = 0 WHERE id = ?').run(w.ids.other);
    }
    const cookieOnly = await w.t.app.inject({ method: 'POST', url: '/api/v2/resources', payload: validDraft(w), headers: { cookie: `kp_token=${w.tokens.owner}` } });
    expect(cookieOnly.statusCode).toBe(403);
    expect(errorCode(cookieOnly)).toBe('CSRF_REJECTED');
    const fromWeb = await w.t.app.inject({
      method: 'POST',
      url: '/api/v2/resources',
      payload: validDraft(w),
      headers: { cookie: `kp_token=${w.tokens.owner}`, 'x-requested-with': 'fetch' },
    });
    expect(fromWeb.statusCode).toBe(201);
  });
});

describe('PATCH /api/v2/resources/{id}', () => {
  it('changes only the fields sent', async () => {
    const id = (await create(validDraft(w))).json().id as number;
    const res = await api('owner', 'PATCH', `/v2/resources/${id}`, { payload: { title: '  Cuentos nuevos ', license: 'CC0', content_type_id: null } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Cuentos nuevos', license: 'CC0', content_type_id: null, author: 'Comunidad de Yauyos' });
  });

  it('cannot take back the rights declaration', async () => {
    const id = (await create(validDraft(w))).json().id as number;
    const res = await api('owner', 'PATCH', `/v2/resources/${id}`, { payload: { rights_declared: false } });
    expect(errorCode(res)).toBe('RIGHTS_DECLARATION_REQUIRED');
  });

  it("refuses a type that does not match the file already attached, and allows it when there is none", async () => {
    const id = (await create(validDraft(w))).json().id as number;
    const body = multipart([{ name: 'file', filename: 'libro.pdf', data: files.pdf(3000, 77) }]);
    expect((await api('owner', 'POST', `/v2/resources/${id}/file`, body)).statusCode).toBe(200);
    const res = await api('owner', 'PATCH', `/v2/resources/${id}`, { payload: { type: 3 } });
    expect(res.statusCode).toBe(415);
    expect(errorCode(res)).toBe('FILE_TYPE_MISMATCH');
    const empty = (await create(validDraft(w))).json().id as number;
    expect((await api('owner', 'PATCH', `/v2/resources/${empty}`, { payload: { type: 3 } })).json().type).toBe(3);
  });
});

describe('DELETE /api/v2/resources/{id}', () => {
  it('deletes a draft with its file, cover and unfinished upload; bytes another resource uses stay', async () => {
    const before = leftovers(w);
    const id = (await create(validDraft(w, { type: 1 }))).json().id as number;
    const png = await files.png(700, 500);
    expect((await api('owner', 'POST', `/v2/resources/${id}/file`, multipart([{ name: 'file', filename: 'foto.png', data: png }]))).statusCode).toBe(200);
    const upload = (await api('owner', 'POST', '/uploads', { payload: { resourceId: id, size: 5000, name: 'otra.png' } })).json();
    expect(leftovers(w).parts).toContain(`${upload.id}.part`);
    const res = await api('owner', 'DELETE', `/v2/resources/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(dbRow(id)).toBeUndefined();
    expect(leftovers(w)).toEqual(before);

    const shared = addMedia(w.t.app.db, w.t.dataDir, files.pdf(999, 5), 'pdf', 'application/pdf');
    addResource(w.t.app.db, { title: 'Usa el mismo archivo', media: shared });
    const draft = addResource(w.t.app.db, { title: 'Borrador', media: shared, status: 'draft', user: w.ids.owner });
    expect((await api('owner', 'DELETE', `/v2/resources/${draft}`)).statusCode).toBe(200);
    expect(fs.existsSync(mediaPath(w.t.dataDir, shared, 'pdf'))).toBe(true);
  });
});

describe('GET /api/docs/json', () => {
  it('documents the contribution paths for other clients', async () => {
    const doc = (await api('anonymous', 'GET', '/docs/json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v2/resources',
        '/api/v2/resources/{id}',
        '/api/v2/resources/{id}/cover',
        '/api/uploads',
        '/api/uploads/{id}',
        '/api/v2/admin/resources/{list}',
        '/api/comments/{resourceId}',
        '/api/comment/create',
        '/api/playlist/{id}/{resourceId}',
        '/api/v2/user/{id}/resources/favorites',
      ]),
    );
    expect(Object.keys(doc.paths['/api/uploads/{id}'])).toEqual(expect.arrayContaining(['get', 'patch', 'delete']));
  });
});
