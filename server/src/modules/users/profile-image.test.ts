import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccountPeople, buildTestApp, createUser, login, type TestApp } from '../../../test/helper.ts';
import { sniff } from '../../media/sniff.ts';
import { mediaPath, mediaRoot } from '../../media/store.ts';
import { PROFILE_IMAGE_MAX_BYTES } from './users.constants.ts';

let t: TestApp;
const ids = { admin: 0, denied: 0, rosa: 0, pedro: 0 };
const tokens = { admin: '', denied: '', rosa: '', pedro: '' };
let png: Buffer;
let jpeg: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  const people = await addAccountPeople(t.app);
  Object.assign(ids, people.ids);
  Object.assign(tokens, people.tokens);
  png = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();
  jpeg = await sharp({ create: { width: 300, height: 500, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'UBICACION-SECRETA-GPS' } })
    .toBuffer();
});
afterAll(() => t.close());

interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

/** A multipart/form-data body as a phone's browser sends it. */
function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----kitportal${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`));
    chunks.push(Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (userId: number, token: string | undefined, parts: Part[]) => {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/v2/users/${userId}/profile/image`,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
};
const file = (data: Buffer | string, filename = 'foto.png', type = 'image/png'): Part[] => [{ name: 'file', filename, type, data }];

const tmpFiles = () => {
  const dir = path.join(mediaRoot(t.dataDir), 'tmp');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};
const mediaCount = () => t.app.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM media').get()?.n ?? 0;
const imageOf = (id: number) => t.app.db.prepare<[number], { image_sha256: string | null }>('SELECT image_sha256 FROM users WHERE id = ?').get(id)?.image_sha256;

describe('POST /api/v2/users/{userId}/profile/image', () => {
  it('stores a PNG as a 256 px WebP, content-addressed, and the profile points at it', async () => {
    const res = await upload(ids.rosa, tokens.rosa, file(png));
    expect(res.statusCode).toBe(200);
    const image = res.json();
    expect(image).toMatchObject({ mime: 'image/webp', width: 256, height: 256, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(image.FullImageUrl).toBe(`/api/v2/users/${ids.rosa}/image?v=${image.sha256.slice(0, 16)}`);
    const stored = fs.readFileSync(mediaPath(t.dataDir, image.sha256, 'webp'));
    expect(sniff(stored)?.mime).toBe('image/webp');
    expect(stored.length).toBe(image.size);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(t.app.db.prepare('SELECT ext, mime, width, height FROM media WHERE sha256 = ?').get(image.sha256)).toEqual({ ext: 'webp', mime: 'image/webp', width: 256, height: 256 });
    const profile = (await t.app.inject({ method: 'GET', url: `/api/users/${ids.rosa}` })).json();
    expect(profile.FullImageUrl).toBe(image.FullImageUrl);
    expect(profile.details.image).toEqual(image);
    expect(tmpFiles()).toEqual([]);
  });

  it('stores a JPEG without its EXIF data, and the same picture twice only once', async () => {
    const first = (await upload(ids.pedro, tokens.pedro, file(jpeg, 'IMG_0001.jpg', 'image/jpeg'))).json();
    const stored = fs.readFileSync(mediaPath(t.dataDir, first.sha256, 'webp'));
    expect(stored.toString('latin1')).not.toContain('UBICACION-SECRETA-GPS');
    expect(jpeg.toString('latin1')).toContain('UBICACION-SECRETA-GPS');
    const before = mediaCount();
    const second = (await upload(ids.pedro, tokens.pedro, file(jpeg, 'otra.jpg', 'image/jpeg'))).json();
    expect(second.sha256).toBe(first.sha256);
    expect(mediaCount()).toBe(before);
  });

  it('believes the bytes, not the name or type: a text file named .png is refused with 415', async () => {
    const before = mediaCount();
    const res = await upload(ids.rosa, tokens.rosa, file('hola, no soy una imagen', 'foto.png', 'image/png'));
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toMatchObject({ code: 'IMAGE_NOT_ALLOWED', message: expect.stringMatching(/^No se pudo guardar la imagen de perfil/) });
    const pdf = await upload(ids.rosa, tokens.rosa, file('%PDF-1.4\n% documento', 'foto.jpg', 'image/jpeg'));
    expect(pdf.json().error.code).toBe('IMAGE_NOT_ALLOWED');
    expect(mediaCount()).toBe(before);
    expect(tmpFiles()).toEqual([]);
  });

  it('refuses a picture that starts like a PNG but is broken with 400 IMAGE_UNREADABLE', async () => {
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
    const res = await upload(ids.rosa, tokens.rosa, file(broken));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('IMAGE_UNREADABLE');
  });

  it('refuses more than 5 MB with 413 IMAGE_TOO_LARGE, leaving nothing in media/tmp and the old picture in place', async () => {
    const previous = imageOf(ids.rosa);
    const before = mediaCount();
    const huge = Buffer.concat([png, Buffer.alloc(PROFILE_IMAGE_MAX_BYTES + 1 - png.length, 0)]);
    const res = await upload(ids.rosa, tokens.rosa, file(huge));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'IMAGE_TOO_LARGE', message: expect.stringContaining('5 MB') });
    expect(tmpFiles()).toEqual([]);
    expect(mediaCount()).toBe(before);
    expect(imageOf(ids.rosa)).toBe(previous);
    // exactly at the limit passes the size check (and then is judged as a picture)
    const atLimit = await upload(ids.rosa, tokens.rosa, file(huge.subarray(0, PROFILE_IMAGE_MAX_BYTES)));
    expect(atLimit.json().error?.code).not.toBe('IMAGE_TOO_LARGE');
  });

  it('wants the picture in the field «file», as multipart', async () => {
    const missing = await upload(ids.rosa, tokens.rosa, [{ name: 'nota', data: 'hola' }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ code: 'UPLOAD_MISSING', data: { field: 'file' } });
    const wrongField = await upload(ids.rosa, tokens.rosa, [{ name: 'imagen', filename: 'foto.png', type: 'image/png', data: png }]);
    expect(wrongField.json().error).toMatchObject({ code: 'UPLOAD_MISSING', data: { field: 'file' } });
    const json = await t.app.inject({ method: 'POST', url: `/api/v2/users/${ids.rosa}/profile/image`, payload: { file: 'x' }, headers: { authorization: `Bearer ${tokens.rosa}` } });
    expect(json.statusCode).toBe(415);
  });

  it('is yours alone: anonymous 401, another user 403, a denied admin 403, an admin 200, unknown user 404', async () => {
    expect((await upload(ids.rosa, undefined, file(png))).json().error.code).toBe('UNAUTHORIZED');
    expect((await upload(ids.rosa, tokens.pedro, file(png))).json().error.code).toBe('FORBIDDEN');
    expect((await upload(ids.rosa, tokens.denied, file(png))).json().error.code).toBe('FORBIDDEN');
    const byAdmin = await upload(ids.pedro, tokens.admin, file(png));
    expect(byAdmin.statusCode).toBe(200);
    expect(imageOf(ids.pedro)).toBe(byAdmin.json().sha256);
    expect((await upload(999_999, tokens.admin, file(png))).json().error.code).toBe('NOT_FOUND');
  });
});

describe('GET /api/v2/users/{userId}/image', () => {
  it('serves the WebP, cached for good at its versioned address, revalidated by ETag otherwise', async () => {
    const image = (await upload(ids.rosa, tokens.rosa, file(png))).json();
    const res = await t.app.inject({ method: 'GET', url: image.FullImageUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(fs.readFileSync(mediaPath(t.dataDir, image.sha256, 'webp')))).toBe(true);
    const bare = await t.app.inject({ method: 'GET', url: `/api/v2/users/${ids.rosa}/image` });
    expect(bare.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({ method: 'GET', url: `/api/v2/users/${ids.rosa}/image`, headers: { 'if-none-match': String(bare.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 for a user without picture, an unknown user, and a blocked user (the avatar falls back)', async () => {
    const none = await createUser(t.app, 'sin-foto', 'clave-sin-foto');
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/users/${none}/image` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/users/999999/image' })).statusCode).toBe(404);
    await upload(ids.pedro, tokens.pedro, file(png));
    expect((await t.app.inject({ method: 'PUT', url: `/api/v2/admin/users/${ids.pedro}/block`, headers: { authorization: `Bearer ${tokens.admin}` } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/users/${ids.pedro}/image` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${ids.pedro}` })).json().FullImageUrl).toBeNull();
  });
});

describe('a disk that cannot take the picture', () => {
  it("answers 500 PROFILE_IMAGE_FAILED 'No se pudo guardar la imagen de perfil' without internals, and keeps the old picture", async () => {
    const broken = await buildTestApp();
    try {
      const id = await createUser(broken.app, 'ana', 'clave-de-ana');
      const { token } = await login(broken.app, 'ana', 'clave-de-ana');
      // media/tmp is a file, so the store cannot create its temp file
      fs.rmSync(path.join(mediaRoot(broken.dataDir), 'tmp'), { recursive: true, force: true });
      fs.mkdirSync(mediaRoot(broken.dataDir), { recursive: true });
      fs.writeFileSync(path.join(mediaRoot(broken.dataDir), 'tmp'), 'no soy una carpeta');
      const body = multipart(file(png));
      const res = await broken.app.inject({ method: 'POST', url: `/api/v2/users/${id}/profile/image`, payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(500);
      expect(res.json().error).toEqual({ httpCode: 500, type: 'server', code: 'PROFILE_IMAGE_FAILED', message: 'No se pudo guardar la imagen de perfil', data: null });
      expect(broken.app.db.prepare('SELECT image_sha256 FROM users WHERE id = ?').get(id)).toEqual({ image_sha256: null });
    } finally {
      await broken.close();
    }
  });
});

describe('the session answers carry the picture', () => {
  const session = (token: string) => t.app.inject({ method: 'GET', url: '/api/v2/session', headers: { authorization: `Bearer ${token}` } });
  const logIn = () => t.app.inject({ method: 'POST', url: '/api/auth', payload: { user_name: 'jefa', password: 'clave-de-jefa' } });

  it('gives FullImageUrl in POST /api/auth and GET /api/v2/session: null before a picture, its address after', async () => {
    expect((await logIn()).json().user).toEqual({ id: ids.admin, user_name: 'jefa', is_admin: true, roleId: expect.any(Number), FullImageUrl: null });
    expect((await session(tokens.admin)).json().user.FullImageUrl).toBeNull();
    const image = (await upload(ids.admin, tokens.admin, file(png))).json();
    expect((await logIn()).json().user.FullImageUrl).toBe(image.FullImageUrl);
    expect((await session(tokens.admin)).json()).toEqual({
      user: { id: ids.admin, user_name: 'jefa', is_admin: true, roleId: expect.any(Number), FullImageUrl: image.FullImageUrl },
      mustChangePassword: false,
    });
  });
});
