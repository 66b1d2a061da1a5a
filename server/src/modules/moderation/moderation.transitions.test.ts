import type { ResourceStatus } from '@kit/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller, contribWorldForFile, errorCode, extraUser, files, type Who } from '../../../test/contrib-helper.ts';
import { addMedia, addResource } from '../../../test/library-fixtures.ts';

/*
 * Every action × every status × every role, against the HTTP API. The
 * expectations are written out here by hand (not derived from the transition
 * table), so a wrong rule in moderation.service.ts fails a row below.
 *
 *   'ok'        allowed; the status afterwards is the one in `to`
 *   CODE        refused with that error code (and nothing changed)
 */

const STATES: ResourceStatus[] = ['draft', 'pending', 'published', 'rejected', 'blocked'];
type Expect = 'ok' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'RESOURCE_NOT_FOUND' | 'INVALID_TRANSITION';
type Row = Record<ResourceStatus, Expect>;

const all = (e: Expect): Row => ({ draft: e, pending: e, published: e, rejected: e, blocked: e });
const only = (ok: ResourceStatus[], otherwise: Expect): Row =>
  Object.fromEntries(STATES.map((s) => [s, ok.includes(s) ? 'ok' : otherwise])) as Row;
/** Someone who may not see unpublished resources: 404 for those, `published` for a published one. */
const outsider = (published: Expect): Row => ({ ...all('RESOURCE_NOT_FOUND'), published });
/** An owner's action, allowed from ALLOWED; others get 404/403; ADMIN as given. */
const ownerAction = (allowed: ResourceStatus[], admin: Row): Record<Who, Row> => ({
  owner: only(allowed, 'INVALID_TRANSITION'),
  other: outsider('FORBIDDEN'),
  admin,
  denied: outsider('FORBIDDEN'),
  anonymous: all('UNAUTHORIZED'),
});
/** An admin's action, allowed from ALLOWED; 403 for every other user. */
const adminAction = (allowed: ResourceStatus[]): Record<Who, Row> => ({
  owner: all('FORBIDDEN'),
  other: all('FORBIDDEN'),
  admin: only(allowed, 'INVALID_TRANSITION'),
  denied: all('FORBIDDEN'),
  anonymous: all('UNAUTHORIZED'),
});

interface Case {
  method: 'POST' | 'PATCH' | 'DELETE';
  url: (id: number) => string;
  body?: object;
  /** status after success; undefined: unchanged */
  to?: Partial<Record<ResourceStatus, ResourceStatus>>;
  expect: Record<Who, Row>;
}

/** POST /v2/admin/resources/{id}/VERB, an admin's move from FROM to TO (with REASON as its body when it takes one). */
const adminMove = (verb: string, from: ResourceStatus, to: ResourceStatus, reason?: string): Case => ({
  method: 'POST',
  url: (id) => `/v2/admin/resources/${id}/${verb}`,
  ...(reason ? { body: { reason } } : {}),
  to: { [from]: to },
  expect: adminAction([from]),
});

const CASES: Record<string, Case> = {
  edit: {
    method: 'PATCH',
    url: (id) => `/v2/resources/${id}`,
    body: { title: 'Título corregido' },
    expect: ownerAction(['draft', 'rejected'], all('ok')),
  },
  delete: {
    method: 'DELETE',
    url: (id) => `/v2/resources/${id}`,
    expect: ownerAction(['draft', 'rejected'], only(['draft', 'rejected'], 'INVALID_TRANSITION')),
  },
  submit: {
    method: 'POST',
    url: (id) => `/v2/resources/${id}/submit`,
    to: { draft: 'pending', rejected: 'pending' },
    expect: ownerAction(['draft', 'rejected'], all('FORBIDDEN')),
  },
  withdraw: {
    method: 'POST',
    url: (id) => `/v2/resources/${id}/withdraw`,
    to: { pending: 'draft' },
    expect: ownerAction(['pending'], all('FORBIDDEN')),
  },
  approve: adminMove('approve', 'pending', 'published'),
  reject: adminMove('reject', 'pending', 'rejected', 'No indica la fuente'),
  block: adminMove('block', 'published', 'blocked', 'Tiene derechos de autor'),
  unblock: adminMove('unblock', 'blocked', 'published'),
  keep: adminMove('keep', 'published', 'published'),
  report: {
    method: 'POST',
    url: (id) => `/v2/resources/${id}/report`,
    body: { reason: 'Contenido ofensivo' },
    expect: {
      owner: all('FORBIDDEN'),
      other: outsider('ok'),
      admin: only(['published'], 'INVALID_TRANSITION'),
      denied: outsider('ok'),
      anonymous: all('UNAUTHORIZED'),
    },
  },
};

const HTTP: Record<Exclude<Expect, 'ok'>, number> = { UNAUTHORIZED: 401, FORBIDDEN: 403, RESOURCE_NOT_FOUND: 404, INVALID_TRANSITION: 409 };

const w = contribWorldForFile();
const api = caller(w);
let reporter = 0;
let media = '';

beforeAll(() => {
  reporter = extraUser(w, 'vecina').id;
  media = addMedia(w.t.app.db, w.t.dataDir, files.pdf(2048), 'pdf', 'application/pdf');
});

/** A complete resource of the owner in the given status; a published one carries an open report by a neighbour. */
function resourceIn(status: ResourceStatus): number {
  const id = addResource(w.t.app.db, { title: 'Canciones de siembra', author: 'Escuela 14', license: 'CC0', category: w.category, user: w.ids.owner, status, media });
  w.t.app.db.prepare('UPDATE resources SET rights_declared = 1 WHERE id = ?').run(id);
  if (status === 'published') w.t.app.db.prepare("INSERT INTO reports (resource_id, user_id, reason) VALUES (?, ?, 'Me parece copiado')").run(id, reporter);
  return id;
}
const statusOf = (id: number) => w.t.app.db.prepare<[number], { status: ResourceStatus }>('SELECT status FROM resources WHERE id = ?').get(id)?.status;

describe('the resource transition table, over HTTP', () => {
  for (const [action, c] of Object.entries(CASES)) {
    describe(action, () => {
      for (const who of Object.keys(c.expect) as Who[]) {
        for (const from of STATES) {
          const expected = c.expect[who][from];
          const to = c.to?.[from] ?? from;
          const title = expected === 'ok' ? `${who}: ${from} → ${action === 'delete' ? 'deleted' : to}` : `${who}: ${from} → refused ${HTTP[expected]} ${expected}`;
          it(title, async () => {
            const id = resourceIn(from);
            const res = await api(who, c.method, c.url(id), c.body ? { payload: c.body } : {});
            if (expected === 'ok') {
              expect(res.statusCode, res.body).toBeLessThan(300);
              expect(statusOf(id)).toBe(action === 'delete' ? undefined : to);
            } else {
              expect(res.statusCode, res.body).toBe(HTTP[expected]);
              expect(errorCode(res)).toBe(expected);
              expect(statusOf(id)).toBe(from);
            }
          });
        }
      }
    });
  }
});
