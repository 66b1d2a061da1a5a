/**
 * The multipart pass of the fuzz suite: every route whose body the OpenAPI
 * document says is multipart (every file route: media/upload.ts FILE_ROUTE,
 * so a new one is fuzzed without touching this file) gets cut-off and
 * malformed bodies, as anonymous, user and admin. No answer may be a 5xx;
 * every 4xx is the error object (docs/PRODUCT.md#error-object) and leaves the database and the media
 * store as they were. The admin, who may call every file route, must get a
 * 400 with a stable code for a body that breaks the multipart framing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaRoot } from '../../src/media/store.ts';
import type { TestApp } from '../helper.ts';
import { changedTables, databaseDigest, hardeningWorld, isFileRoute, isErrorObject, plausible, replyBody, settle, type ApiRoute, type Role, type Sessions } from './support.ts';

const ROLES: Role[] = ['anonymous', 'user', 'admin'];
const B = 'KitFuzzBoundary';
const CT = `multipart/form-data; boundary=${B}`;
const fileHead = (name = 'file', filename = 'foto.png') => `--${B}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`;
const PNG_START = Buffer.from('\x89PNG\r\n\x1a\n\0\0\0\rIHDR', 'latin1');

interface MultipartCase {
  label: string;
  contentType: string;
  body: Buffer;
  /** the framing itself is broken: whoever may call the route gets a 400 */
  malformed: boolean;
}

const bytes = (...parts: Array<string | Buffer>): Buffer => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : p)));

const CASES: MultipartCase[] = [
  { label: 'no boundary', contentType: 'multipart/form-data', body: bytes('garbage'), malformed: true },
  { label: 'empty boundary', contentType: 'multipart/form-data; boundary=', body: bytes('--\r\n\r\nx\r\n----\r\n'), malformed: true },
  { label: 'empty body', contentType: CT, body: Buffer.alloc(0), malformed: true },
  { label: 'no delimiter at all', contentType: CT, body: bytes('just some bytes, no parts'), malformed: true },
  { label: 'cut inside the part headers', contentType: CT, body: bytes(`--${B}\r\nContent-Disposition: form-da`), malformed: true },
  { label: 'cut right after the part headers', contentType: CT, body: bytes(fileHead()), malformed: true },
  // Fewer bytes than a type is told by: every route sees the cut, whatever files it takes.
  { label: 'cut after a few bytes of the file', contentType: CT, body: bytes(fileHead(), 'abc'), malformed: true },
  { label: 'cut in the middle of a picture', contentType: CT, body: bytes(fileHead(), PNG_START, Buffer.alloc(3000, 7)), malformed: false },
  { label: 'file without its closing delimiter', contentType: CT, body: bytes(fileHead(), 'abc\r\n'), malformed: true },
  { label: 'cut inside the closing delimiter', contentType: CT, body: bytes(fileHead(), 'abc\r\n--Kit'), malformed: true },
  { label: 'part header without a colon', contentType: CT, body: bytes(`--${B}\r\nnot a header at all\r\n\r\nabc\r\n--${B}--\r\n`), malformed: false },
  { label: 'part header too long', contentType: CT, body: bytes(`--${B}\r\nContent-Disposition: form-data; name="file"; filename="${'a'.repeat(200_000)}"\r\n\r\nabc\r\n--${B}--\r\n`), malformed: false },
  { label: 'closing delimiter only', contentType: CT, body: bytes(`--${B}--\r\n`), malformed: false },
  { label: 'a plain field named file', contentType: CT, body: bytes(`--${B}\r\nContent-Disposition: form-data; name="file"\r\n\r\nvalue\r\n--${B}--\r\n`), malformed: false },
  { label: 'two files', contentType: CT, body: bytes(fileHead(), 'abc\r\n', fileHead('file', 'b.png'), 'def\r\n', `--${B}--\r\n`), malformed: false },
  { label: 'hostile file name and type', contentType: CT, body: bytes(fileHead('file', '../../etc/passwd\u0000.png'), "' OR 1=1 --\r\n", `--${B}--\r\n`), malformed: false },
];

let t: TestApp;
let sessions: Sessions;
let fileRoutes: ApiRoute[];
const ids: Record<string, string> = {};

beforeAll(async () => {
  let routes: ApiRoute[];
  ({ t, sessions, routes } = await hardeningWorld());
  fileRoutes = routes.filter(isFileRoute);
  const db = t.app.db;
  const author = Number(db.prepare("INSERT INTO users (user_name, password_hash, name, last_name) VALUES ('vecina_multipart', 'x', 'Ana', 'Quispe')").run().lastInsertRowid);
  ids.user = String(author);
  ids.ad = String(db.prepare("INSERT INTO ads (user_id, title, body, contact, category, expires_at) VALUES (?, 'Vendo papas', 'Papas nativas', '987654321', 'venta', '2999-01-01T00:00:00Z')").run(author).lastInsertRowid);
  ids.resource = String(db.prepare<[], { id: number }>("SELECT id FROM resources WHERE status = 'published' AND type_code <> 6 ORDER BY id LIMIT 1").get()?.id);
});

afterAll(async () => {
  await t.close();
});

/**
 * Path values that name something that exists, so the admin's request gets
 * as far as reading the body. A new file route under another collection
 * needs its own line here; until then its admin check fails with a 404.
 */
function urlFor(route: ApiRoute): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (name === 'userId') return ids.user ?? '';
    if (name === 'slot') return 'menuTop';
    if (route.path.includes('/ads/')) return ids.ad ?? '';
    if (route.path.includes('/resources/')) return ids.resource ?? '';
    return '1';
  });
  const required = (route.op.parameters ?? []).filter((p) => p.in === 'query' && p.required);
  const query = required.map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(plausible(p.schema)))}`).join('&');
  return query ? `${path}?${query}` : path;
}

/** What the admin hears for a broken body: the multipart codes, proof that the body was read (not a 404 or a bad query). */
const BODY_CODES = ['UPLOAD_TRUNCATED', 'UPLOAD_MALFORMED', 'UPLOAD_MISSING'];

/** Every file in the media store, temp files included. */
function storeFiles(): string[] {
  const root = mediaRoot(t.dataDir);
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((name) => fs.statSync(path.join(root, name)).isFile()).sort();
}

describe('fuzzing the multipart parsing of every file route', () => {
  it('finds every file route in the OpenAPI document', () => {
    expect(fileRoutes.map((r) => r.key).sort()).toEqual(
      expect.arrayContaining([
        'POST /api/v2/users/{userId}/profile/image',
        'POST /api/v2/ads/{id}/image',
        'POST /api/v2/admin/banners/{slot}',
        'POST /api/v2/admin/extra/app-package',
        'POST /api/v2/admin/extra/browsers',
        'POST /api/v2/resources/{id}/cover',
        'POST /api/v2/resources/{id}/file',
      ]),
    );
  });

  it('answers cut-off and malformed bodies with a 4xx error object that changes nothing, and the admin with a 400', async () => {
    const problems: string[] = [];
    for (const route of fileRoutes) {
      for (const c of CASES) {
        await sessions.refresh();
        for (const role of ROLES) {
          const before = databaseDigest(t.app.db);
          const filesBefore = storeFiles();
          const res = await t.app.inject({
            method: route.method as 'POST',
            url: urlFor(route),
            headers: { ...sessions.headers(role), 'content-type': c.contentType },
            payload: c.body,
            remoteAddress: `10.77.${ROLES.indexOf(role)}.${CASES.indexOf(c) + 1}`,
          });
          settle(t.app);
          const where = `${route.key} as ${role} [${c.label}] → ${res.statusCode}`;
          if (res.statusCode < 400) {
            problems.push(`${where}: accepted`);
            continue;
          }
          if (res.statusCode >= 500) problems.push(`${where} 5xx: ${res.body.slice(0, 200)}`);
          const body = replyBody(res);
          if (!isErrorObject(body, res.statusCode)) problems.push(`${where} not the error object: ${res.body.slice(0, 200)}`);
          const changed = changedTables(before, databaseDigest(t.app.db));
          if (changed.length > 0) problems.push(`${where} changed the database: ${changed.join(', ')}`);
          if (storeFiles().join() !== filesBefore.join()) problems.push(`${where} left files in the media store`);
          const code = (body as { error?: { code?: string } }).error?.code ?? '';
          if (role === 'admin' && c.malformed && (res.statusCode !== 400 || !BODY_CODES.includes(code))) {
            problems.push(`${where}: a broken body must be a 400 with one of ${BODY_CODES.join(', ')}: ${res.body.slice(0, 200)}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
