/**
 * Fuzzing every /api route the OpenAPI document lists (new routes are fuzzed
 * without touching this file): schema-invalid and hostile input derived from
 * each route's schema, sent as anonymous, user and admin (cookie + CSRF header).
 * No answer may be a 5xx; every 4xx is the error object (docs/PRODUCT.md#error-object) and changes nothing
 * in the database (every table's rows are hashed before and after). A refused
 * login is a 4xx like any other: its throttle counts in memory, so it may write
 * no row either.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helper.ts';
import { changedTables, databaseDigest, hardeningWorld, isErrorObject, plausible, prng, replyBody, resolve, seedOf, Sessions, settle, type ApiRoute, type Role } from './support.ts';

const CASES_PER_ROUTE = 12;
const ROLES: Role[] = ['anonymous', 'user', 'admin'];

const HUGE = 'x'.repeat(100 * 1024);
const HOSTILE: unknown[] = [
  HUGE,
  '\u202Eevil\u202C \u200F שלום 😀👨‍👩‍👧 \u0000nul\u0000 \uFFFF',
  '../../etc/passwd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  'NEAR(',
  '"',
  '*',
  '',
  -1,
  0,
  -Number.MAX_SAFE_INTEGER - 2,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  1.5,
  null,
  true,
  [],
  {},
  ['a', { $gt: '' }],
  { $ne: null, __proto__: { admin: true } },
];

const pick = <T,>(rng: () => number, list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T;

function asParam(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

interface Case { label: string; url: string; headers: Record<string, string>; payload?: string | Buffer }

/** Up to CASES_PER_ROUTE deterministic cases for one route. */
function casesFor(route: ApiRoute): Case[] {
  const rng = prng(seedOf(route.key));
  const params = route.op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const bodySchema = route.op.requestBody?.content['application/json']?.schema;
  const writes = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH' || route.method === 'DELETE';
  const baseBody = bodySchema ? (plausible(bodySchema) as Record<string, unknown>) : undefined;
  const cases: Case[] = [];

  const url = (pathValues: Record<string, unknown>, query: Record<string, unknown>): string => {
    let u = route.path;
    for (const p of pathParams) {
      const v = p.name in pathValues ? asParam(pathValues[p.name]) : String(plausible(p.schema));
      // Traversal goes in raw as well as encoded: the router must not walk out of /api.
      u = u.replace(`{${p.name}}`, v.startsWith('..') ? v : encodeURIComponent(v));
    }
    const qs = Object.entries(query).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(asParam(v))}`).join('&');
    return qs ? `${u}?${qs}` : u;
  };
  const json = { 'content-type': 'application/json' };

  for (let i = 0; cases.length < CASES_PER_ROUTE && i < CASES_PER_ROUTE * 4; i++) {
    const kind = i < 6 ? i : Math.floor(rng() * 6);
    const hostile = pick(rng, HOSTILE);
    if (kind === 0 && pathParams.length > 0) {
      const p = pick(rng, pathParams);
      cases.push({ label: `path ${p.name}=${asParam(hostile).slice(0, 40)}`, url: url({ [p.name]: hostile }, {}), headers: {} });
    } else if (kind === 1 && queryParams.length > 0) {
      const p = pick(rng, queryParams);
      const query: Record<string, unknown> = {};
      for (const q of queryParams) if (q.required) query[q.name] = plausible(q.schema);
      query[p.name] = hostile;
      cases.push({ label: `query ${p.name}=${asParam(hostile).slice(0, 40)}`, url: url({}, query), headers: {} });
    } else if (kind === 2 && baseBody && typeof baseBody === 'object') {
      const keys = Object.keys(baseBody);
      const field = keys.length > 0 && rng() < 0.85 ? pick(rng, keys) : 'campo_desconocido';
      cases.push({ label: `body.${field}=${JSON.stringify(hostile)?.slice(0, 40)}`, url: url({}, {}), headers: json, payload: JSON.stringify({ ...baseBody, [field]: hostile }) });
    } else if (kind === 3 && bodySchema) {
      const required = resolve(bodySchema).required ?? [];
      if (required.length > 0 && baseBody) {
        const drop = pick(rng, required);
        const rest = { ...baseBody };
        delete rest[drop];
        cases.push({ label: `body without ${drop}`, url: url({}, {}), headers: json, payload: JSON.stringify(rest) });
      } else {
        cases.push({ label: 'body wrong type', url: url({}, {}), headers: json, payload: JSON.stringify(hostile) });
      }
    } else if (kind === 4 && writes) {
      const variants: Case[] = [
        { label: 'invalid json', url: url({}, {}), headers: json, payload: '{"a":' },
        { label: 'json wrong type', url: url({}, {}), headers: json, payload: JSON.stringify(hostile) },
        { label: 'multipart without boundary', url: url({}, {}), headers: { 'content-type': 'multipart/form-data' }, payload: 'garbage' },
        {
          label: 'multipart hostile file',
          url: url({}, {}),
          headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
          payload: Buffer.from(`--XyZ\r\nContent-Disposition: form-data; name="file"; filename="../../etc/passwd"\r\nContent-Type: image/png\r\n\r\n\u0000\u0000' OR 1=1 --\r\n--XyZ--\r\n`),
        },
        { label: 'text body', url: url({}, {}), headers: { 'content-type': 'text/plain' }, payload: HUGE },
      ];
      cases.push(pick(rng, variants));
    } else if (kind === 5) {
      const query: Record<string, unknown> = { [pick(rng, ['q', 'page', 'id', 'x'])]: hostile };
      cases.push({ label: `stray query ${asParam(hostile).slice(0, 30)}`, url: url({}, query), headers: {} });
    }
  }
  return cases;
}

let t: TestApp;
let sessions: Sessions;
let routes: ApiRoute[];

beforeAll(async () => {
  ({ t, sessions, routes } = await hardeningWorld());
});

const totalChanges = (): number => (t.app.db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;

afterAll(async () => {
  await t.close();
});

describe('fuzzing every /api route from the OpenAPI document', () => {
  it('finds the routes in the document', () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  it('answers hostile input without a 5xx, with error objects, and without a state change on a 4xx', async () => {
    const problems: string[] = [];
    let sent = 0;
    for (const route of routes) {
      await sessions.refresh();
      let before = databaseDigest(t.app.db);
      let changes = totalChanges();
      const cases = casesFor(route);
      const started = Date.now();
      for (const [n, c] of cases.entries()) {
        for (const role of ROLES) {
          const opts: InjectOptions = {
            method: route.method as InjectOptions['method'],
            url: c.url,
            headers: { ...sessions.headers(role), ...c.headers },
            // A different address per case, so the login throttle sees no flood from one phone.
            remoteAddress: `10.${(seedOf(route.key) >> 8) & 255}.${n}.${ROLES.indexOf(role) + 1}`,
            ...(c.payload !== undefined ? { payload: c.payload } : {}),
          };
          const res = await t.app.inject(opts);
          settle(t.app);
          sent++;
          const where = `${route.key} as ${role} [${c.label}] → ${res.statusCode}`;
          if (res.statusCode >= 500) problems.push(`${where} 5xx: ${res.body.slice(0, 200)}`);
          // Rows written through the app's one connection: none means no state change, so the digest is only recomputed after a write.
          const nowChanges = totalChanges();
          const after = nowChanges === changes ? before : databaseDigest(t.app.db);
          changes = nowChanges;
          if (res.statusCode >= 400 && res.statusCode < 500) {
            if (route.method !== 'HEAD' && !isErrorObject(replyBody(res), res.statusCode)) problems.push(`${where} not the error object: ${res.body.slice(0, 200)}`);
            const changed = changedTables(before, after);
            if (changed.length > 0) problems.push(`${where} changed the database: ${changed.join(', ')}`);
          }
          before = after;
        }
      }
      if (process.env.FUZZ_TIMING) console.log(route.key, Date.now() - started);
    }
    expect(sent).toBeGreaterThan(routes.length * 10);
    expect(problems).toEqual([]);
  }, 170_000);
});
