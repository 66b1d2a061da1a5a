import { ManagedPageSchema, ResourceDetailSchema, ResourcePageSchema, type ResourceStatus, type ResourceSummary } from '@kit/contract';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { caller, contribWorldForFile, extraUser, files, type Who } from '../../../test/contrib-helper.ts';
import { addMedia, addResource } from '../../../test/library-fixtures.ts';

/*
 * What the owner of a resource (and admins) are told about its standing: the
 * status, the reason of a rejection or a block, and what the open reports
 * say (never who wrote them). Nobody else reads any of it.
 */

const w = contribWorldForFile();
const api = caller(w);
let n = 0;

function resource(status: ResourceStatus, statusReason: string | null = null): number {
  const media = addMedia(w.t.app.db, w.t.dataDir, files.pdf(1200, ++n), 'pdf', 'application/pdf');
  const id = addResource(w.t.app.db, { title: `Cartilla ${n}`, author: 'Escuela 3', category: w.category, user: w.ids.owner, status, statusReason, media });
  w.t.app.db.prepare('UPDATE resources SET rights_declared = 1 WHERE id = ?').run(id);
  return id;
}

async function report(id: number, reporter: Who | { token: string }, reason: string): Promise<void> {
  const res =
    typeof reporter === 'string'
      ? await api(reporter, 'POST', `/v2/resources/${id}/report`, { payload: { reason } })
      : await w.t.app.inject({ method: 'POST', url: `/api/v2/resources/${id}/report`, payload: { reason }, headers: { authorization: `Bearer ${reporter.token}` } });
  expect(res.statusCode).toBe(201);
}

const detail = async (who: Who, id: number) => {
  const res = await api(who, 'GET', `/v2/resource/${id}`);
  expect(res.statusCode).toBe(200);
  expect(Value.Check(ResourceDetailSchema, res.json())).toBe(true);
  return res.json() as { status: string; statusReason: string | null; reportNotes: { reason: string; createdAt: string }[] };
};

describe('GET /api/v2/resource/{id}: what the open reports say', () => {
  it('tells the owner and admins the reasons, newest first, without the reporters; others read nothing', async () => {
    const id = resource('published');
    await report(id, 'other', 'Parece copiado de un libro');
    await report(id, 'denied', 'La música tiene derechos');
    for (const who of ['owner', 'admin'] as const) {
      const seen = await detail(who, id);
      expect(seen.reportNotes.map((note) => note.reason)).toEqual(['La música tiene derechos', 'Parece copiado de un libro']);
      expect(seen.reportNotes[0]).toEqual({ reason: 'La música tiene derechos', createdAt: expect.any(String) });
    }
    // a denied admin is an ordinary user here
    for (const who of ['other', 'denied', 'anonymous'] as const) expect((await detail(who, id)).reportNotes).toEqual([]);
  });

  it('forgets the reports once an admin decides to keep the resource', async () => {
    const id = resource('published');
    await report(id, 'other', 'Dudoso');
    expect((await api('admin', 'POST', `/v2/admin/resources/${id}/keep`)).statusCode).toBe(200);
    expect((await detail('owner', id)).reportNotes).toEqual([]);
  });

  it('reads at most the 20 newest reports', async () => {
    const id = resource('published');
    for (let i = 1; i <= 21; i++) await report(id, extraUser(w, `vecino${i}`), `Motivo ${i}`);
    const notes = (await detail('owner', id)).reportNotes;
    expect(notes).toHaveLength(20);
    expect(notes[0]?.reason).toBe('Motivo 21');
    expect(notes.map((note) => note.reason)).not.toContain('Motivo 1');
  });
});

describe('GET /api/v3/searchResource?section=user: a user’s own list', () => {
  it('gives the owner and admins every status with its reason and the open reports; others get published ones and nothing more', async () => {
    const rejected = resource('rejected', 'Falta la fuente');
    const blocked = resource('blocked', 'Copia sin permiso');
    const pending = resource('pending');
    const reported = resource('published');
    await report(reported, 'other', 'Tiene errores graves');
    const quiet = resource('published');

    const list = async (who: Who) => {
      const res = await api(who, 'GET', `/v3/searchResource?section=user&user=${w.ids.owner}&per_page=60`);
      expect(res.statusCode).toBe(200);
      expect(Value.Check(ResourcePageSchema, res.json())).toBe(true);
      return new Map((res.json().data as ResourceSummary[]).map((item) => [item.id, item]));
    };
    for (const who of ['owner', 'admin'] as const) {
      const items = await list(who);
      expect(items.get(rejected)).toMatchObject({ status: 'rejected', statusReason: 'Falta la fuente', reportNotes: [] });
      expect(items.get(blocked)).toMatchObject({ status: 'blocked', statusReason: 'Copia sin permiso', reportNotes: [] });
      expect(items.get(pending)).toMatchObject({ status: 'pending', statusReason: null, reportNotes: [] });
      expect(items.get(reported)).toMatchObject({ status: 'published', statusReason: null, reportNotes: [{ reason: 'Tiene errores graves', createdAt: expect.any(String) }] });
      expect(items.get(quiet)).toMatchObject({ status: 'published', statusReason: null, reportNotes: [] });
    }
    for (const who of ['other', 'denied', 'anonymous'] as const) {
      const items = await list(who);
      expect([...items.keys()]).not.toContain(rejected);
      expect(items.get(reported)).not.toHaveProperty('reportNotes');
      expect(items.get(reported)).not.toHaveProperty('statusReason');
    }
  });

  it('never adds them to the library’s own lists, even for the owner', async () => {
    const id = resource('published');
    await report(id, 'other', 'Dudoso también');
    const res = await api('owner', 'GET', '/content/all?per_page=60');
    const item = (res.json().data as ResourceSummary[]).find((r) => r.id === id);
    expect(item).toBeDefined();
    expect(item).not.toHaveProperty('reportNotes');
  });
});

describe('GET /api/v2/resources/mine and the admin lists', () => {
  it('carry the open reports’ reasons beside the status reason', async () => {
    const reported = resource('published');
    await report(reported, 'other', 'No se entiende');
    const mine = await api('owner', 'GET', '/v2/resources/mine?per_page=60');
    expect(Value.Check(ManagedPageSchema, mine.json())).toBe(true);
    expect(mine.json().data.find((r: { id: number }) => r.id === reported)).toMatchObject({ reportNotes: [{ reason: 'No se entiende' }] });
    const all = await api('admin', 'GET', '/v2/admin/resources/all?per_page=60');
    expect(all.json().data.find((r: { id: number }) => r.id === reported)).toMatchObject({ reportNotes: [{ reason: 'No se entiende' }] });
  });
});
