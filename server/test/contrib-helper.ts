import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { BuildOptions } from '../src/app.ts';
import { mediaRoot } from '../src/media/store.ts';
import { signToken, type TokenSubject } from '../src/plugins/auth.ts';
import { uploadsDir } from '../src/modules/uploads/upload-files.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { addCategory } from './library-fixtures.ts';

/** Test data and calls for the contributions feature (issue 5). */

export type Who = 'owner' | 'other' | 'admin' | 'denied' | 'anonymous';

export interface ContribWorld {
  t: TestApp;
  ids: Record<Exclude<Who, 'anonymous'>, number>;
  tokens: Record<Exclude<Who, 'anonymous'>, string>;
  category: number;
}

/**
 * A user straight in the database with a token signed the way a login signs
 * it (login itself, and its password hashing, is the accounts API's test).
 */
function quickUser(app: FastifyInstance, userName: string, admin = false): { id: number; token: string } {
  const row = app.db
    .prepare<[string, number, number], TokenSubject>(
      "INSERT INTO users (user_name, password_hash, is_admin, role_id) VALUES (?, 'sin-clave', ?, ?) RETURNING id, is_admin, user_name, role_id, token_version, account_key",
    )
    .get(userName, admin ? 1 : 0, admin ? 1 : 2);
  if (!row) throw new Error(`no se creó ${userName}`);
  return { id: row.id, token: signToken(app, row, { authTime: Math.floor(Date.now() / 1000) }) };
}

/** An app with an owner, another user, an admin, an admin on the denied list, and a category. */
export async function contribWorld(env: Record<string, string> = {}, options: Omit<BuildOptions, 'config'> = {}): Promise<ContribWorld> {
  const t = await buildTestApp(env, options);
  const owner = quickUser(t.app, 'rosa');
  const other = quickUser(t.app, 'pedro');
  const admin = quickUser(t.app, 'jefa', true);
  const denied = quickUser(t.app, 'vetado', true);
  t.app.db.prepare('INSERT INTO denied_users (user_id) VALUES (?)').run(denied.id);
  return {
    t,
    ids: { owner: owner.id, other: other.id, admin: admin.id, denied: denied.id },
    tokens: { owner: owner.token, other: other.token, admin: admin.token, denied: denied.token },
    category: addCategory(t.app.db, 'Educación'),
  };
}

/** Another user of the world, with a token. */
export const extraUser = (w: ContribWorld, userName: string): { id: number; token: string } => quickUser(w.t.app, userName);

type Method = NonNullable<InjectOptions['method']>;

export interface CallOptions {
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
}

/** Calls /api as one of the world's people (Bearer token), or anonymously. */
export function caller(w: ContribWorld) {
  return (who: Who, method: Method, url: string, opts: CallOptions = {}): Promise<LightMyRequestResponse> =>
    w.t.app.inject({
      method,
      url: `/api${url}`,
      ...(opts.payload !== undefined ? { payload: opts.payload } : {}),
      headers: { ...(who === 'anonymous' ? {} : { authorization: `Bearer ${w.tokens[who]}` }), ...opts.headers },
    });
}

export const errorCode = (res: LightMyRequestResponse): string | undefined => (res.json() as { error?: { code: string } }).error?.code;

export const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** Small real files of each kind, by their magic bytes. */
export const files = {
  pdf: (size = 4096, seed = 1): Buffer => {
    const head = Buffer.from('%PDF-1.4\n');
    const body = Buffer.alloc(Math.max(0, size - head.length));
    for (let i = 0; i < body.length; i++) body[i] = (i * 13 + seed * 101 + (i >> 7)) & 0xff;
    return Buffer.concat([head, body]);
  },
  mp4: (size = 8192, seed = 2): Buffer => {
    const head = Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypisom'), 0, 0, 2, 0]);
    const body = Buffer.alloc(Math.max(0, size - head.length));
    for (let i = 0; i < body.length; i++) body[i] = (i * 7 + seed * 31) & 0xff;
    return Buffer.concat([head, body]);
  },
  png: (width = 900, height = 600): Promise<Buffer> =>
    sharp({ create: { width, height, channels: 3, background: { r: 40, g: 160, b: 90 } } })
      .png()
      .toBuffer(),
  jpeg: (width = 300, height = 200): Promise<Buffer> =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 20 } } })
      .jpeg()
      .toBuffer(),
  /** no known magic bytes */
  text: (): Buffer => Buffer.from('Esto es un texto cualquiera, no un PDF ni un video.\n'.repeat(20)),
};

export interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

/** A multipart/form-data body as a phone's browser sends it. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----kitportal${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`));
    chunks.push(Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const validDraft = (w: ContribWorld, extra: Record<string, unknown> = {}) => ({
  title: 'Cuentos del valle',
  type: 2,
  author: 'Comunidad de Yauyos',
  source: 'Archivo comunal',
  license: 'CC BY 4.0',
  description: 'Relatos recogidos por la escuela.',
  content_type_id: w.category,
  rights_declared: true,
  ...extra,
});

/** What is on disk and in the database that an upload could leave behind. */
export function leftovers(w: ContribWorld) {
  const list = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);
  const db = w.t.app.db;
  return {
    tmp: list(path.join(mediaRoot(w.t.dataDir), 'tmp')),
    parts: list(uploadsDir(w.t.dataDir)),
    uploads: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM uploads').get()?.n ?? 0,
    media: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM media').get()?.n ?? 0,
    files: list(mediaRoot(w.t.dataDir))
      .filter((d) => d !== 'tmp')
      .flatMap((d) => list(path.join(mediaRoot(w.t.dataDir), d))).length,
  };
}
