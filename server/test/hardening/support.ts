import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/connection.ts';
import { hashPassword } from '../../src/modules/auth/password.ts';
import { seedDemoIfEmpty } from '../../src/seed/demo.ts';
import { buildTestApp, login, type TestApp } from '../helper.ts';

/** One operation of the OpenAPI document: `GET /api/v2/resource/{id}`. */
export interface ApiRoute {
  key: string;
  method: string;
  path: string;
  op: OpenApiOperation;
}

export interface OpenApiParameter { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: JsonSchema }
export interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  $ref?: string;
}

/** Every /api operation the server documents, read from its own OpenAPI document (new routes appear here by themselves). */
export async function apiRoutes(app: FastifyInstance): Promise<ApiRoute[]> {
  const res = await app.inject({ url: '/api/docs/json' });
  const doc = res.json() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const routes: ApiRoute[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!path.startsWith('/api/')) continue;
      routes.push({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, op });
    }
  }
  return routes.sort((a, b) => a.key.localeCompare(b.key));
}

export function resolve(schema: JsonSchema | undefined): JsonSchema {
  if (!schema) return {};
  if (schema.anyOf?.[0]) return resolve(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0]);
  if (schema.oneOf?.[0]) return resolve(schema.oneOf[0]);
  return schema;
}

/** A plausible value for a schema (the part of the case that is not under attack). */
export function plausible(schema: JsonSchema | undefined): unknown {
  const s = resolve(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [plausible(s.items)];
    case 'object': {
      const o: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) o[k] = plausible(v);
      return o;
    }
    default:
      return 'Texto de prueba';
  }
}

/** Routes whose body the document says is multipart: every route that reads a file (media/upload.ts FILE_ROUTE). */
export const isFileRoute = (route: ApiRoute): boolean => route.op.requestBody?.content['multipart/form-data'] !== undefined;

export type Role = 'anonymous' | 'user' | 'denied' | 'admin';

export interface Session { role: Role; userId: number | null; userName: string; cookie: string | null }

const PASSWORD = 'clave-de-prueba-1';

/** Creates (or repairs after a fuzzed request changed it) the account for a role and logs it in. */
export class Sessions {
  private readonly app: FastifyInstance;
  private hash = '';
  readonly sessions = new Map<Role, Session>();
  constructor(app: FastifyInstance) {
    this.app = app;
  }

  async init(): Promise<void> {
    this.hash = await hashPassword(PASSWORD);
    this.sessions.set('anonymous', { role: 'anonymous', userId: null, userName: '', cookie: null });
    for (const role of ['user', 'denied', 'admin'] as const) {
      const userName = `hardening_${role}`;
      const id = Number(this.app.db.prepare('INSERT INTO users (user_name, password_hash, name, last_name, is_admin, role_id) VALUES (?, ?, ?, ?, ?, ?)')
        .run(userName, this.hash, 'Prueba', role, role === 'user' ? 0 : 1, role === 'user' ? 2 : 1).lastInsertRowid);
      if (role === 'denied') this.app.db.prepare('INSERT INTO denied_users (user_id) VALUES (?)').run(id);
      this.sessions.set(role, { role, userId: id, userName, cookie: null });
    }
    await this.refresh(true);
  }

  /** Logs a role in again when a fuzzed request ended its session (logout, password change, block). */
  async refresh(force = false): Promise<void> {
    for (const s of this.sessions.values()) {
      if (s.role === 'anonymous') continue;
      if (!force && s.cookie !== null) {
        const res = await this.app.inject({ url: '/api/v2/session', headers: { cookie: s.cookie } });
        if (res.statusCode === 200 && (res.json() as { user: unknown }).user) continue;
      }
      const admin = s.role !== 'user' ? 1 : 0;
      const exists = this.app.db.prepare('SELECT id FROM users WHERE id = ?').get(s.userId);
      if (!exists) {
        s.userId = Number(this.app.db.prepare('INSERT INTO users (user_name, password_hash, name, last_name, is_admin, role_id) VALUES (?, ?, ?, ?, ?, ?)')
          .run(s.userName, this.hash, 'Prueba', s.role, admin, admin ? 1 : 2).lastInsertRowid);
      }
      this.app.db.prepare('UPDATE users SET password_hash = ?, blocked = 0, must_change_password = 0, is_admin = ?, role_id = ? WHERE id = ?')
        .run(this.hash, admin, admin ? 1 : 2, s.userId);
      if (s.role === 'denied') this.app.db.prepare('INSERT OR IGNORE INTO denied_users (user_id) VALUES (?)').run(s.userId);
      s.cookie = (await login(this.app, s.userName, PASSWORD)).cookie;
    }
  }

  /** Headers a same-origin browser page would send for this role (cookie + the CSRF header). */
  headers(role: Role): Record<string, string> {
    const s = this.sessions.get(role);
    const h: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest' };
    if (s?.cookie) h.cookie = s.cookie;
    return h;
  }
}

/** A digest of each table's rows (rowid order), by table name: equal digests mean no state change in that table. */
export type DatabaseDigest = ReadonlyMap<string, string>;

export function databaseDigest(db: Db): DatabaseDigest {
  const digests = new Map<string, string>();
  const tables = db.prepare<[], { name: string; wr: number }>(
    "SELECT name, instr(sql, 'WITHOUT ROWID') > 0 AS wr FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name",
  ).all();
  for (const t of tables) {
    const hash = createHash('sha256');
    const order = t.wr ? '' : ' ORDER BY rowid';
    for (const row of db.prepare(`SELECT * FROM "${t.name}"${order}`).raw().iterate()) hash.update(JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : Buffer.isBuffer(v) ? v.toString('base64') : v)));
    digests.set(t.name, hash.digest('hex'));
  }
  return digests;
}

/** The tables whose rows differ between two digests (a table made or dropped counts too), by name. */
export function changedTables(before: DatabaseDigest, after: DatabaseDigest): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}

/**
 * What a request wrote, and only it: counted views wait in memory and reach
 * the database on a timer (modules/resources/view-counts.ts), during whatever
 * request is under way then. Writing them right after each request lays every
 * change at the door of the request that made it.
 */
export function settle(app: FastifyInstance): void {
  app.viewCounts.flush();
}

/** A reply's body as JSON, or its first 100 characters when it is not JSON (then never the error object). */
export function replyBody(res: { json(): unknown; body: string }): unknown {
  try {
    return res.json();
  } catch {
    return res.body.slice(0, 100);
  }
}

/** the error object (docs/PRODUCT.md#error-object), exactly. */
export function isErrorObject(body: unknown, status: number): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const keys = Object.keys(body);
  if (keys.length !== 1 || keys[0] !== 'error') return false;
  const e = (body as { error: Record<string, unknown> }).error;
  return e !== null && typeof e === 'object' && e.httpCode === status && typeof e.type === 'string' && typeof e.code === 'string'
    && typeof e.message === 'string' && e.message.length > 0 && 'data' in e;
}

/** Deterministic PRNG (mulberry32) so every run sends the same cases. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function seedOf(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

/**
 * The app both hardening tables run against: the demo library, a signed-in
 * session per role, and the OpenAPI routes. Durability is the crash test's
 * subject; here fsyncs would only make thousands of requests slow.
 */
export async function hardeningWorld(): Promise<{ t: TestApp; sessions: Sessions; routes: ApiRoute[] }> {
  const t = await buildTestApp();
  t.app.db.pragma('synchronous = OFF');
  await seedDemoIfEmpty(t.app.db, t.dataDir, t.app.log);
  const sessions = new Sessions(t.app);
  await sessions.init();
  return { t, sessions, routes: await apiRoutes(t.app) };
}
