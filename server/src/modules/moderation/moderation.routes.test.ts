import { ManagedPageSchema, ManagedResourceSchema, type ManagedSummary, type ResourceStatus } from '@kit/contract';
import { Value } from 'typebox/value';
import { beforeEach, describe, expect, it } from 'vitest';
import { caller, contribWorldForFile, errorCode, files } from '../../../test/contrib-helper.ts';
import { addMedia, addPlaylist, addResource } from '../../../test/library-fixtures.ts';
import { writeSettings } from '../../kit-settings/kit-settings.repo.ts';

const w = contribWorldForFile();
const api = caller(w);
let n = 0;
beforeEach(() => writeSettings(w.t.app.db, { resourceModeration: true }));

/** A complete resource (file, licence, category, declaration) in the given status. */
function resource(status: ResourceStatus, opts: { user?: number; title?: string; type?: number } = {}): { id: number; media: string } {
  const media = addMedia(w.t.app.db, w.t.dataDir, files.pdf(1500, ++n), 'pdf', 'application/pdf');
  const id = addResource(w.t.app.db, {
    title: opts.title ?? `Recurso ${n}`,
    author: 'Escuela 14',
    license: 'CC0',
    category: w.category,
    user: opts.user ?? w.ids.owner,
    status,
    media,
    type: opts.type ?? 2,
  });
  w.t.app.db.prepare('UPDATE resources SET rights_declared = 1 WHERE id = ?').run(id);
  return { id, media };
}
const row = (id: number) =>
  w.t.app.db.prepare<[number], { status: string; status_reason: string | null; published_at: string | null }>('SELECT status, status_reason, published_at FROM resources WHERE id = ?').get(id);
const reportsOf = (id: number) => w.t.app.db.prepare<[number], { status: string }>('SELECT status FROM reports WHERE resource_id = ? ORDER BY id').all(id).map((r) => r.status);
const ids = (page: { data: ManagedSummary[] }) => page.data.map((r) => r.id);

describe('POST /api/v2/resources/{id}/submit', () => {
  it('sends a complete draft to approval while moderation is on, and the answer is the managed resource', async () => {
    const { id } = resource('draft');
    const res = await api('owner', 'POST', `/v2/resources/${id}/submit`);
    expect(res.statusCode).toBe(200);
    expect(Value.Check(ManagedResourceSchema, res.json())).toBe(true);
    expect(res.json()).toMatchObject({ id, status: 'pending', actions: ['withdraw'] });
    expect(row(id)?.published_at).toBeNull();
  });

  it('publishes at once when moderation is off', async () => {
    writeSettings(w.t.app.db, { resourceModeration: false });
    const { id } = resource('draft');
    const res = await api('owner', 'POST', `/v2/resources/${id}/submit`);
    expect(res.json().status).toBe('published');
    expect(row(id)?.published_at).not.toBeNull();
  });

  it("publishes an admin's own upload at once even with moderation on", async () => {
    const { id } = resource('draft', { user: w.ids.admin });
    const res = await api('admin', 'POST', `/v2/resources/${id}/submit`);
    expect(res.json().status).toBe('published');
  });

  it('refuses a draft that lacks what the publishing format needs, naming what is missing', async () => {
    const created = await api('owner', 'POST', '/v2/resources', { payload: { title: 'Solo el título', type: 3, rights_declared: true } });
    const id = created.json().id as number;
    const res = await api('owner', 'POST', `/v2/resources/${id}/submit`);
    expect(res.statusCode).toBe(400);
    expect(errorCode(res)).toBe('SUBMIT_INCOMPLETE');
    expect(res.json().error.data.missing).toEqual(['author', 'license', 'content_type_id', 'file']);
    expect(row(id)?.status).toBe('draft');
  });

  it('resubmits a rejected resource and clears the old reason', async () => {
    const { id } = resource('pending');
    await api('admin', 'POST', `/v2/admin/resources/${id}/reject`, { payload: { reason: 'Falta la fuente' } });
    const res = await api('owner', 'POST', `/v2/resources/${id}/submit`);
    expect(res.json()).toMatchObject({ status: 'pending', statusReason: null });
  });
});

describe('reject and block reasons', () => {
  it('needs a reason to reject, which the owner then reads (and nobody else)', async () => {
    const { id } = resource('pending');
    for (const payload of [{}, { reason: '   ' }, undefined]) {
      const res = await api('admin', 'POST', `/v2/admin/resources/${id}/reject`, payload ? { payload } : {});
      expect(res.statusCode).toBe(400);
      expect(errorCode(res)).toBe('REASON_REQUIRED');
    }
    expect(row(id)?.status).toBe('pending');
    const res = await api('admin', 'POST', `/v2/admin/resources/${id}/reject`, { payload: { reason: '  No es de dominio público  ' } });
    expect(res.json()).toMatchObject({ status: 'rejected', statusReason: 'No es de dominio público' });
    const mine = await api('owner', 'GET', `/v2/resources/${id}`);
    expect(mine.json()).toMatchObject({ status: 'rejected', statusReason: 'No es de dominio público', actions: ['edit', 'delete', 'submit'] });
    expect((await api('owner', 'GET', `/v2/resource/${id}`)).json().statusReason).toBe('No es de dominio público');
    expect((await api('other', 'GET', `/v2/resource/${id}`)).statusCode).toBe(404);
  });

  it('refuses a reason longer than 500 characters', async () => {
    const { id } = resource('pending');
    const res = await api('admin', 'POST', `/v2/admin/resources/${id}/reject`, { payload: { reason: 'x'.repeat(501) } });
    expect(res.statusCode).toBe(400);
    expect(errorCode(res)).toBe('VALIDATION');
  });

  it('keeps every change in the history with who made it', async () => {
    const { id } = resource('draft');
    await api('owner', 'POST', `/v2/resources/${id}/submit`);
    await api('admin', 'POST', `/v2/admin/resources/${id}/approve`);
    await api('admin', 'POST', `/v2/admin/resources/${id}/block`, { payload: { reason: 'Copia de un libro' } });
    const events = w.t.app.db.prepare('SELECT action, from_status, to_status, reason, actor_id FROM resource_events WHERE resource_id = ? ORDER BY id').all(id);
    expect(events).toEqual([
      { action: 'submit', from_status: 'draft', to_status: 'pending', reason: null, actor_id: w.ids.owner },
      { action: 'approve', from_status: 'pending', to_status: 'published', reason: null, actor_id: w.ids.admin },
      { action: 'block', from_status: 'published', to_status: 'blocked', reason: 'Copia de un libro', actor_id: w.ids.admin },
    ]);
  });
});

describe('POST /api/v2/resources/{id}/report', () => {
  it('opens one report per person and resource; the resource stays visible until an admin decides', async () => {
    const { id } = resource('published', { title: 'Himno reportado' });
    const first = await api('other', 'POST', `/v2/resources/${id}/report`, { payload: { reason: 'Parece copiado de un libro' } });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ resourceId: id, reason: 'Parece copiado de un libro', status: 'open', user: null });
    const again = await api('other', 'POST', `/v2/resources/${id}/report`, { payload: { reason: 'Otra vez' } });
    expect(again.statusCode).toBe(409);
    expect(errorCode(again)).toBe('REPORT_EXISTS');
    expect((await api('anonymous', 'GET', `/v2/resource/${id}`)).statusCode).toBe(200);
    expect(ids((await api('anonymous', 'GET', '/content/all?per_page=60')).json())).toContain(id);
  });

  it('needs a reason', async () => {
    const { id } = resource('published');
    for (const payload of [{}, { reason: ' \n ' }]) {
      const res = await api('other', 'POST', `/v2/resources/${id}/report`, { payload });
      expect(res.statusCode).toBe(400);
      expect(errorCode(res)).toBe('REASON_REQUIRED');
    }
    expect(reportsOf(id)).toEqual([]);
  });
});

describe('admin decisions on reports', () => {
  it('keep: the reports are kept, the resource stays published and leaves the reported list', async () => {
    const { id } = resource('published');
    await api('other', 'POST', `/v2/resources/${id}/report`, { payload: { reason: 'Dudoso' } });
    const listed = (await api('admin', 'GET', '/v2/admin/resources/reports?per_page=60')).json();
    const item = listed.data.find((r: ManagedSummary) => r.id === id);
    expect(item).toMatchObject({ openReports: 1, actions: ['edit', 'block', 'keep', 'report'] });
    expect(item.reports).toEqual([expect.objectContaining({ reason: 'Dudoso', status: 'open', user: expect.objectContaining({ id: w.ids.other, user_name: 'pedro' }) })]);
    const res = await api('admin', 'POST', `/v2/admin/resources/${id}/keep`);
    expect(res.json()).toMatchObject({ status: 'published', openReports: 0 });
    expect(reportsOf(id)).toEqual(['kept']);
    expect(ids((await api('admin', 'GET', '/v2/admin/resources/reports?per_page=60')).json())).not.toContain(id);
    // A kept resource can be reported again later.
    expect((await api('other', 'POST', `/v2/resources/${id}/report`, { payload: { reason: 'Sigue dudoso' } })).statusCode).toBe(201);
  });

  it('dismiss: one report closed without touching the resource', async () => {
    const { id } = resource('published');
    const report = (await api('other', 'POST', `/v2/resources/${id}/report`, { payload: { reason: 'Error' } })).json();
    expect((await api('owner', 'POST', `/v2/admin/reports/${report.id}/dismiss`)).statusCode).toBe(403);
    expect((await api('denied', 'POST', `/v2/admin/reports/${report.id}/dismiss`)).statusCode).toBe(403);
    expect((await api('anonymous', 'POST', `/v2/admin/reports/${report.id}/dismiss`)).statusCode).toBe(401);
    const res = await api('admin', 'POST', `/v2/admin/reports/${report.id}/dismiss`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: report.id, status: 'dismissed', resolvedAt: expect.any(String) });
    const twice = await api('admin', 'POST', `/v2/admin/reports/${report.id}/dismiss`);
    expect(twice.statusCode).toBe(409);
    expect(errorCode(twice)).toBe('INVALID_TRANSITION');
    expect(errorCode(await api('admin', 'POST', '/v2/admin/reports/999999/dismiss'))).toBe('REPORT_NOT_FOUND');
    expect(row(id)?.status).toBe('published');
    expect(ids((await api('admin', 'GET', '/v2/admin/resources/reports?per_page=60')).json())).not.toContain(id);
  });

  it('keep without open reports is refused', async () => {
    const { id } = resource('published');
    const res = await api('admin', 'POST', `/v2/admin/resources/${id}/keep`);
    expect(res.statusCode).toBe(409);
    expect(errorCode(res)).toBe('INVALID_TRANSITION');
  });
});

describe('a blocked resource', () => {
  it('vanishes from lists, search, random, comments, favourites, playlists and media for everyone but its owner and admins', async () => {
    const title = 'Zampoña prohibida';
    const { id, media } = resource('published', { title });
    w.t.app.db.prepare("INSERT INTO comments (resource_id, user_id, comment) VALUES (?, ?, 'Buenísimo')").run(id, w.ids.other);
    w.t.app.db.prepare('INSERT INTO favorites (user_id, resource_id) VALUES (?, ?)').run(w.ids.other, id);
    const list = addPlaylist(w.t.app.db, w.ids.other, 'Mi lista', [id]);
    await api('other', 'POST', `/v2/resources/${id}/report`, { payload: { reason: 'Tiene derechos' } });

    const visibleTo = async (who: 'anonymous' | 'other' | 'owner' | 'admin') => ({
      page: (await api(who, 'GET', `/v2/resource/${id}`)).statusCode,
      media: (await api(who, 'GET', `/media/${media}.pdf`)).statusCode,
      byId: (await api(who, 'GET', `/v2/resource/${id}/media`)).statusCode,
      comments: (await api(who, 'GET', `/comments/${id}`)).statusCode,
      library: ids((await api(who, 'GET', '/content/all?per_page=60')).json()).includes(id),
      search: ids((await api(who, 'GET', `/v3/searchResource?q=${encodeURIComponent('zampoña')}`)).json()).includes(id),
      favorites: ids((await api(who, 'GET', `/v2/user/${w.ids.other}/resources/favorites`)).json()).includes(id),
      playlist: (await api(who, 'GET', `/playlist/${list}`)).json().content.some((r: { id: number }) => r.id === id),
    });
    const seen = { page: 200, media: 200, byId: 200, comments: 200, library: true, search: true, favorites: true, playlist: true };
    expect(await visibleTo('anonymous')).toEqual(seen);

    const res = await api('admin', 'POST', `/v2/admin/resources/${id}/block`, { payload: { reason: 'Copia sin permiso' } });
    expect(res.json()).toMatchObject({ status: 'blocked', statusReason: 'Copia sin permiso', actions: ['edit', 'unblock'] });
    expect(reportsOf(id)).toEqual(['blocked']);

    const gone = { page: 404, media: 404, byId: 404, comments: 404, library: false, search: false, favorites: false, playlist: false };
    expect(await visibleTo('anonymous')).toEqual(gone);
    expect(await visibleTo('other')).toEqual(gone);
    // Lists and search show published resources only, to everyone; the page, file and comments stay for these two.
    const kept = { page: 200, media: 200, byId: 200, comments: 200, library: false, search: false };
    expect(await visibleTo('owner')).toMatchObject(kept);
    expect(await visibleTo('admin')).toMatchObject(kept);
    expect((await api('owner', 'GET', `/v2/resource/${id}`)).json().statusReason).toBe('Copia sin permiso');
    expect(ids((await api('admin', 'GET', '/v2/admin/resources/block?per_page=60')).json())).toContain(id);

    const back = await api('admin', 'POST', `/v2/admin/resources/${id}/unblock`);
    expect(back.json()).toMatchObject({ status: 'published', statusReason: null });
    expect(await visibleTo('other')).toEqual(seen);
  });
});

describe('GET /api/v2/admin/resources/{list}', () => {
  it('lists each admin page with the paged shape, newest first', async () => {
    const draft = resource('draft').id;
    const pending = resource('pending').id;
    const blocked = resource('blocked').id;
    const published = resource('published').id;
    const adminsOwn = resource('draft', { user: w.ids.admin }).id;
    const get = async (list: string) => {
      const res = await api('admin', 'GET', `/v2/admin/resources/${list}?per_page=60`);
      expect(res.statusCode).toBe(200);
      expect(Value.Check(ManagedPageSchema, res.json())).toBe(true);
      return res.json() as { data: ManagedSummary[]; total: number };
    };
    const all = await get('all');
    expect(ids(all)).toEqual(expect.arrayContaining([draft, pending, blocked, published, adminsOwn]));
    const created = all.data.map((r) => r.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const drafts = await get('draft');
    expect(drafts.data.every((r) => r.status === 'draft')).toBe(true);
    expect(ids(drafts)).toEqual(expect.arrayContaining([draft, adminsOwn]));
    // An admin edits or deletes someone else's draft but does not submit it for them.
    expect(drafts.data.find((r) => r.id === draft)?.actions).toEqual(['edit', 'delete']);
    expect(drafts.data.find((r) => r.id === adminsOwn)?.actions).toEqual(['edit', 'delete', 'submit']);
    expect((await get('pending-approval')).data.every((r) => r.status === 'pending')).toBe(true);
    expect(ids(await get('pending-approval'))).toContain(pending);
    expect((await get('block')).data.every((r) => r.status === 'blocked')).toBe(true);
    const upload = await get('upload');
    expect(upload.data.every((r) => r.user?.id === w.ids.admin)).toBe(true);
    expect(ids(upload)).toContain(adminsOwn);
  });

  it('filters by words of the title (accents folded), by the owner, and by type; pages', async () => {
    const video = resource('pending', { title: 'Danza de tijeras en Ayacucho', type: 3 }).id;
    resource('pending', { title: 'Otro video cualquiera', type: 3 });
    const q = async (query: string) => ids((await api('admin', 'GET', `/v2/admin/resources/pending-approval?${query}`)).json());
    expect(await q('q=tijeras')).toEqual([video]);
    expect(await q('q=AYACUCHO')).toEqual([video]);
    expect(await q(`q=${encodeURIComponent('danza tijéras')}`)).toEqual([video]);
    expect((await q('q=rosa')).length).toBeGreaterThan(1);
    expect((await q('type=3')).length).toBe(2);
    expect(await q('q=zzzzz')).toEqual([]);
    const paged = (await api('admin', 'GET', '/v2/admin/resources/all?per_page=2&page=2')).json();
    expect(paged).toMatchObject({ per_page: 2, current_page: 2, from: 3, to: 4 });
    expect(paged.last_page).toBe(Math.ceil(paged.total / 2));
  });

  it('is for admins only: users 403, denied admins 403, anonymous 401, unknown list 400', async () => {
    for (const list of ['all', 'block', 'draft', 'pending-approval', 'reports', 'upload']) {
      expect((await api('other', 'GET', `/v2/admin/resources/${list}`)).statusCode).toBe(403);
      expect((await api('denied', 'GET', `/v2/admin/resources/${list}`)).statusCode).toBe(403);
      expect((await api('anonymous', 'GET', `/v2/admin/resources/${list}`)).statusCode).toBe(401);
    }
    expect((await api('admin', 'GET', '/v2/admin/resources/todo')).statusCode).toBe(400);
  });
});

describe('GET /api/v2/resources/mine', () => {
  it("lists only the caller's resources, filtered by status, with what they may do", async () => {
    const draft = resource('draft').id;
    const rejected = resource('rejected').id;
    const published = resource('published').id;
    resource('draft', { user: w.ids.other });
    const res = await api('owner', 'GET', '/v2/resources/mine?status=draft,rejected&per_page=60');
    expect(res.statusCode).toBe(200);
    const page = res.json() as { data: ManagedSummary[] };
    expect(page.data.every((r) => r.user?.id === w.ids.owner && ['draft', 'rejected'].includes(r.status))).toBe(true);
    expect(ids(page)).toEqual(expect.arrayContaining([draft, rejected]));
    expect(ids(page)).not.toContain(published);
    expect(page.data.find((r) => r.id === draft)).toMatchObject({ actions: ['edit', 'delete', 'submit'], rightsDeclared: true, upload: null, openReports: 0 });
    expect((await api('anonymous', 'GET', '/v2/resources/mine')).statusCode).toBe(401);
    expect((await api('owner', 'GET', '/v2/resources/mine?status=perdido')).statusCode).toBe(400);
  });
});
