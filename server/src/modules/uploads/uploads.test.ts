import fs from 'node:fs';
import path from 'node:path';
import { UploadProgressSchema, UploadSchema } from '@kit/contract';
import sharp from 'sharp';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { caller, contribWorld, errorCode, files, leftovers, multipart, sha256, validDraft, type ContribWorld, type Who } from '../../../test/contrib-helper.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { sniff } from '../../media/sniff.ts';
import { mediaPath } from '../../media/store.ts';
import { partPath, uploadsDir } from './upload-files.ts';

let w: ContribWorld;
let api: ReturnType<typeof caller>;

beforeAll(async () => {
  // 1 MiB limit so "too large" is cheap to reach.
  w = await contribWorld({ KIT_MAX_UPLOAD_MB: '1' });
  api = caller(w);
});
afterAll(() => w.t.close());

const OCTETS = 'application/offset+octet-stream';
const draft = async (type = 2, who: Who = 'owner') => (await api(who, 'POST', '/v2/resources', { payload: validDraft(w, { type }) })).json().id as number;
const start = (resourceId: number, size: number, name?: string, who: Who = 'owner') =>
  api(who, 'POST', '/uploads', { payload: { resourceId, size, ...(name !== undefined ? { name } : {}) } });
const patch = (id: string, offset: number, bytes: Buffer, who: Who = 'owner', headers: Record<string, string> = {}) =>
  api(who, 'PATCH', `/uploads/${id}`, { payload: bytes, headers: { 'content-type': OCTETS, 'upload-offset': String(offset), ...headers } });
const resourceRow = (id: number) =>
  w.t.app.db.prepare<[number], { media_sha256: string | null; media_name: string | null; cover_sha256: string | null }>('SELECT media_sha256, media_name, cover_sha256 FROM resources WHERE id = ?').get(id);

describe('resumable uploads: POST /api/uploads, PATCH and HEAD /api/uploads/{id}', () => {
  it('takes a file in pieces, says how far it got, and attaches it with its sha256 when the last byte arrives', async () => {
    const id = await draft();
    const pdf = files.pdf(300_000, 3);
    const created = await start(id, pdf.length, 'Cuentos del valle.pdf');
    expect(created.statusCode).toBe(201);
    expect(Value.Check(UploadSchema, created.json())).toBe(true);
    const upload = created.json();
    expect(upload).toMatchObject({ resourceId: id, size: pdf.length, offset: 0, name: 'Cuentos del valle.pdf', chunkSize: 4 * 1024 * 1024 });
    expect(created.headers['upload-offset']).toBe('0');

    const cuts = [0, 1, 70_000, 200_000, pdf.length];
    for (let i = 0; i + 1 < cuts.length; i++) {
      const res = await patch(upload.id, cuts[i] as number, pdf.subarray(cuts[i], cuts[i + 1]));
      expect(res.statusCode, res.body).toBe(200);
      expect(Value.Check(UploadProgressSchema, res.json())).toBe(true);
      expect(res.headers['upload-offset']).toBe(String(cuts[i + 1]));
      const head = await api('owner', 'HEAD', `/uploads/${upload.id}`);
      if (i + 2 < cuts.length) {
        expect(res.json()).toMatchObject({ offset: cuts[i + 1], complete: false, resource: null });
        expect(head.headers).toMatchObject({ 'upload-offset': String(cuts[i + 1]), 'upload-length': String(pdf.length), 'cache-control': 'no-store' });
        expect(head.body).toBe('');
      } else {
        expect(res.json()).toMatchObject({ offset: pdf.length, complete: true, resource: { id, mime: 'application/pdf', size: pdf.length, mediaName: 'Cuentos del valle.pdf' } });
        expect(res.json().resource.mediaUrl).toBe(`/api/media/${sha256(pdf)}.pdf`);
        expect(head.statusCode).toBe(404);
      }
    }
    expect(resourceRow(id)?.media_sha256).toBe(sha256(pdf));
    expect(fs.readFileSync(mediaPath(w.t.dataDir, sha256(pdf), 'pdf')).equals(pdf)).toBe(true);
    expect(leftovers(w)).toMatchObject({ tmp: [], parts: [], uploads: 0 });
    const served = await api('owner', 'GET', `/v2/resource/${id}/media`);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(pdf)).toBe(true);
  });

  it('finds an unfinished upload again for the same file, and replaces it for another one', async () => {
    const id = await draft();
    const pdf = files.pdf(50_000, 4);
    const first = (await start(id, pdf.length, 'libro.pdf')).json();
    await patch(first.id, 0, pdf.subarray(0, 20_000));
    const again = await start(id, pdf.length, 'libro.pdf');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: first.id, offset: 20_000 });
    // The draft lists it, so /upload/draft can resume it.
    expect((await api('owner', 'GET', `/v2/resources/${id}`)).json().upload).toMatchObject({ id: first.id, offset: 20_000, size: pdf.length });
    const other = await start(id, pdf.length + 1, 'otro.pdf');
    expect(other.statusCode).toBe(201);
    expect(fs.existsSync(partPath(w.t.dataDir, first.id))).toBe(false);
    expect(errorCode(await api('owner', 'GET', `/uploads/${first.id}`))).toBe('UPLOAD_NOT_FOUND');
  });

  it('answers 409 with the real offset when a PATCH does not start there, and writes nothing', async () => {
    const id = await draft();
    const pdf = files.pdf(40_000, 5);
    const upload = (await start(id, pdf.length)).json();
    await patch(upload.id, 0, pdf.subarray(0, 10_000));
    for (const offset of [0, 5_000, 12_000]) {
      const res = await patch(upload.id, offset, pdf.subarray(offset, offset + 1000));
      expect(res.statusCode).toBe(409);
      expect(errorCode(res)).toBe('UPLOAD_OFFSET_MISMATCH');
      expect(res.json().error.data).toEqual({ offset: 10_000 });
      expect(res.headers['upload-offset']).toBe('10000');
    }
    expect((await api('owner', 'GET', `/uploads/${upload.id}`)).json().offset).toBe(10_000);
  });

  it('refuses a file whose first bytes are no known type, and keeps nothing of it', async () => {
    const before = leftovers(w);
    const id = await draft();
    const text = files.text();
    const upload = (await start(id, text.length, 'libro.pdf')).json();
    const res = await patch(upload.id, 0, text);
    expect(res.statusCode).toBe(415);
    expect(errorCode(res)).toBe('FILE_TYPE_NOT_ALLOWED');
    expect(leftovers(w)).toEqual(before);
    expect(resourceRow(id)?.media_sha256).toBeNull();
  });

  it('refuses a PDF for a video, deciding from the first bytes even when they come in two pieces', async () => {
    const before = leftovers(w);
    const id = await draft(3);
    const pdf = files.pdf(30_000, 6);
    const upload = (await start(id, pdf.length, 'video.mp4')).json();
    expect((await patch(upload.id, 0, pdf.subarray(0, 5))).statusCode).toBe(200);
    const res = await patch(upload.id, 5, pdf.subarray(5));
    expect(res.statusCode).toBe(415);
    expect(errorCode(res)).toBe('FILE_TYPE_MISMATCH');
    expect(res.json().error.data).toMatchObject({ expected: 3, got: 2, mime: 'application/pdf' });
    expect(leftovers(w)).toEqual(before);
  });

  it('refuses more bytes than announced, and files over KIT_MAX_UPLOAD_MB before a byte is sent', async () => {
    const before = leftovers(w);
    const id = await draft();
    const pdf = files.pdf(20_000, 7);
    const upload = (await start(id, 10_000)).json();
    const res = await patch(upload.id, 0, pdf);
    expect(res.statusCode).toBe(413);
    expect(errorCode(res)).toBe('UPLOAD_TOO_LARGE');
    const big = await start(id, 1024 * 1024 + 1);
    expect(big.statusCode).toBe(413);
    expect(big.json().error.data).toMatchObject({ maxBytes: 1024 * 1024, size: 1024 * 1024 + 1 });
    expect(big.json().error.message).toContain('1 MB');
    expect(leftovers(w)).toEqual(before);
  });

  it('refuses with 507 a file the data disk has no room for, keeping a reserve for the database', async () => {
    const id = await draft();
    // 64.5 MiB free: the 64 MiB reserve leaves room for 100 KiB, not for 900 KiB.
    const statfs = vi.spyOn(fs, 'statfsSync').mockReturnValue({ bavail: 64 * 1024 + 512, bfree: 64 * 1024 + 512, blocks: 1024 * 1024, bsize: 1024 } as fs.StatsFs);
    try {
      const res = await start(id, 900 * 1024);
      expect(res.statusCode).toBe(507);
      expect(errorCode(res)).toBe('DISK_FULL');
      expect((await start(id, 100 * 1024)).statusCode).toBe(201);
    } finally {
      statfs.mockRestore();
    }
  });

  it('keeps only a safe display name: never a path, never control or bidi characters', async () => {
    const id = await draft();
    const names: Array<[string, string | null]> = [
      ['../../etc/passwd', 'passwd'],
      ['..\\..\\Windows\\win.ini', 'win.ini'],
      ['/absolute/path/libro.pdf', 'libro.pdf'],
      ['....', null],
      ['..', null],
      ['', null],
      ['  .oculto.pdf', 'oculto.pdf'],
      ['nombre\u0000con\u0007control.pdf', 'nombreconcontrol.pdf'],
      ['factura\u202Efdp.exe', 'facturafdp.exe'],
      ['a<b>c:d|e?f*.pdf', 'a_b_c_d_e_f_.pdf'],
      [`${'ñ'.repeat(300)}.pdf`, `${'ñ'.repeat(116)}.pdf`],
    ];
    for (const [raw, expected] of names) {
      const res = await start(id, 100, raw);
      expect(res.statusCode, raw).toBe(201);
      expect(res.json().name, raw).toBe(expected);
      await api('owner', 'DELETE', `/uploads/${res.json().id}`);
    }
    expect((await start(id, 100, 'x'.repeat(1001))).statusCode).toBe(400);
    // Whatever the name, the bytes land only in uploads/ and then the content-addressed store.
    expect(fs.readdirSync(uploadsDir(w.t.dataDir)).every((f) => /^[0-9a-f]{32}\.part$/.test(f))).toBe(true);
    expect(fs.existsSync(path.join(w.t.dataDir, 'etc'))).toBe(false);
  });

  it("hides other people's uploads, and refuses uploads to resources the caller cannot edit", async () => {
    const id = await draft();
    const upload = (await start(id, 1000)).json();
    for (const [method, url] of [['GET', `/uploads/${upload.id}`], ['DELETE', `/uploads/${upload.id}`]] as const) {
      expect(errorCode(await api('other', method, url))).toBe('UPLOAD_NOT_FOUND');
      expect(errorCode(await api('admin', method, url))).toBe('UPLOAD_NOT_FOUND');
      expect((await api('anonymous', method, url)).statusCode).toBe(401);
    }
    expect(errorCode(await patch(upload.id, 0, files.pdf(1000), 'other'))).toBe('UPLOAD_NOT_FOUND');
    expect(errorCode(await start(id, 1000, 'x.pdf', 'other'))).toBe('RESOURCE_NOT_FOUND');
    w.t.app.db.prepare("UPDATE resources SET status = 'pending' WHERE id = ?").run(id);
    expect(errorCode(await start(id, 1000))).toBe('INVALID_TRANSITION');
    // Submitted meanwhile: the unfinished upload is cancelled at its next PATCH.
    const res = await patch(upload.id, 0, files.pdf(1000));
    expect(errorCode(res)).toBe('INVALID_TRANSITION');
    expect(fs.existsSync(partPath(w.t.dataDir, upload.id))).toBe(false);
    expect((await api('owner', 'GET', '/uploads/0123')).statusCode).toBe(400);
  });

  it('cancels with DELETE: the row and the bytes go', async () => {
    const id = await draft();
    const upload = (await start(id, 5000)).json();
    await patch(upload.id, 0, files.pdf(5000).subarray(0, 2000));
    expect((await api('owner', 'DELETE', `/uploads/${upload.id}`)).json()).toEqual({ ok: true });
    expect(fs.existsSync(partPath(w.t.dataDir, upload.id))).toBe(false);
    expect(errorCode(await patch(upload.id, 2000, Buffer.from('x')))).toBe('UPLOAD_NOT_FOUND');
  });

  it('needs the raw-bytes content type and the offset header', async () => {
    const id = await draft();
    const upload = (await start(id, 5000)).json();
    const noType = await api('owner', 'PATCH', `/uploads/${upload.id}`, { payload: files.pdf(10), headers: { 'content-type': 'application/octet-stream', 'upload-offset': '0' } });
    expect(noType.statusCode).toBe(415);
    const noOffset = await api('owner', 'PATCH', `/uploads/${upload.id}`, { payload: files.pdf(10), headers: { 'content-type': OCTETS } });
    expect(noOffset.statusCode).toBe(400);
    expect(noOffset.json().error.data.field).toBe('headers.upload-offset');
  });

  it('stores the same file once however many resources use it', async () => {
    const pdf = files.pdf(12_345, 8);
    const before = leftovers(w);
    for (let i = 0; i < 2; i++) {
      const id = await draft();
      const upload = (await start(id, pdf.length)).json();
      expect((await patch(upload.id, 0, pdf)).json().complete).toBe(true);
      expect(resourceRow(id)?.media_sha256).toBe(sha256(pdf));
    }
    const after = leftovers(w);
    expect(after.media - before.media).toBe(1);
    expect(after.files - before.files).toBe(1);
  });

  it('makes an image its own 640 px WebP cover; a document keeps the placeholder', async () => {
    const id = await draft(1);
    const png = await files.png(1600, 1000);
    const upload = (await start(id, png.length, 'foto.png')).json();
    const done = (await patch(upload.id, 0, png)).json();
    expect(done.resource).toMatchObject({ mime: 'image/png', coverCustom: false, coverUrl: expect.stringMatching(/^\/api\/media\/[0-9a-f]{64}\.webp$/) });
    const cover = fs.readFileSync(mediaPath(w.t.dataDir, resourceRow(id)?.cover_sha256 as string, 'webp'));
    expect(sniff(cover)?.mime).toBe('image/webp');
    expect(await sharp(cover).metadata()).toMatchObject({ width: 640, height: 400 });
    const media = w.t.app.db.prepare('SELECT width, height FROM media WHERE sha256 = ?').get(sha256(png));
    expect(media).toEqual({ width: 1600, height: 1000 });

    const doc = await draft(2);
    const pdf = files.pdf(3000, 9);
    const docUpload = (await start(doc, pdf.length)).json();
    expect((await patch(docUpload.id, 0, pdf)).json().resource.coverUrl).toBeNull();
  });

  it('stores a photo original without its GPS position and device serials, keeping its orientation', async () => {
    // What a phone camera writes: who made it, the body's serial number, where it was taken, and how it was held.
    const camera = { IFD0: { Make: 'KitPhone', Model: 'KP-1' }, IFD2: { BodySerialNumber: 'SN-4815162342' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '12/1 3/1 0/1', GPSMapDatum: 'WGS-84-KIT' } };
    const picture = sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 30, g: 120, b: 200 } } });
    const photos = { jpg: await picture.clone().jpeg().toBuffer(), png: await picture.clone().png().toBuffer(), webp: await picture.clone().webp().toBuffer() };
    for (const [ext, plain] of Object.entries(photos)) {
      const photo = await sharp(plain).withExif(camera).withMetadata({ orientation: 6 }).toBuffer();
      expect(await sharp(photo).metadata(), ext).toMatchObject({ orientation: 6, width: 600, height: 400 });
      expect(photo.includes('WGS-84-KIT') && photo.includes('SN-4815162342'), ext).toBe(true);

      const id = await draft(1);
      const upload = (await start(id, photo.length, `foto.${ext}`)).json();
      const done = await patch(upload.id, 0, photo);
      expect(done.statusCode, done.body).toBe(200);
      const sha = resourceRow(id)?.media_sha256 as string;
      expect(done.json().resource.mediaUrl).toBe(`/api/media/${sha}.${ext}`);
      const stored = fs.readFileSync(mediaPath(w.t.dataDir, sha, ext));
      for (const secret of ['WGS-84-KIT', 'SN-4815162342', 'KitPhone']) expect(stored.includes(secret), `${ext}: ${secret}`).toBe(false);
      // the orientation tag stays: a viewer turns it upright as before, the pixels are as the camera took them
      expect(await sharp(stored).metadata(), ext).toMatchObject({ orientation: 6, width: 600, height: 400 });
    }
    expect(leftovers(w).tmp).toEqual([]);
  });

  it('refuses an image whose first bytes are right but which cannot be decoded', async () => {
    const before = leftovers(w);
    const id = await draft(1);
    const png = await files.png(400, 300);
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(2000, 7)]);
    const upload = (await start(id, broken.length)).json();
    const res = await patch(upload.id, 0, broken);
    expect(res.statusCode).toBe(400);
    expect(errorCode(res)).toBe('FILE_UNREADABLE');
    expect(leftovers(w)).toEqual(before);
  });
});

describe('POST /api/v2/resources/{id}/file (one request, multipart field `file`)', () => {
  const send = (id: number, data: Buffer, filename = 'archivo.pdf', who: Who = 'owner') => api(who, 'POST', `/v2/resources/${id}/file`, multipart([{ name: 'file', filename, type: 'application/pdf', data }]));

  it('streams the file into the store by its real type, whatever the name and claimed type', async () => {
    const id = await draft(3);
    const mp4 = files.mp4(200_000, 3);
    const res = await send(id, mp4, '../../../video.pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mime: 'video/mp4', mediaName: 'video.pdf', mediaUrl: `/api/media/${sha256(mp4)}.mp4`, coverUrl: null });
    expect(leftovers(w).tmp).toEqual([]);
  });

  it('refuses, leaving nothing behind: wrong magic bytes, wrong type, over the limit, a truncated body, an empty file', async () => {
    const id = await draft(2);
    const before = leftovers(w);
    const cases: Array<[string, () => Promise<{ statusCode: number; json: () => unknown }>, number, string]> = [
      ['no known type', () => send(id, files.text()), 415, 'FILE_TYPE_NOT_ALLOWED'],
      ['a video for a document', () => send(id, files.mp4(5000)), 415, 'FILE_TYPE_MISMATCH'],
      ['over 1 MiB', () => send(id, files.pdf(1024 * 1024 + 10)), 413, 'UPLOAD_TOO_LARGE'],
      ['empty', () => send(id, Buffer.alloc(0)), 415, 'FILE_TYPE_NOT_ALLOWED'],
      [
        'truncated',
        () => {
          const body = multipart([{ name: 'file', filename: 'a.pdf', data: files.pdf(50_000) }]);
          return api('owner', 'POST', `/v2/resources/${id}/file`, { payload: body.payload.subarray(0, 30_000), headers: body.headers });
        },
        400,
        'UPLOAD_TRUNCATED',
      ],
      ['wrong field', () => api('owner', 'POST', `/v2/resources/${id}/file`, multipart([{ name: 'archivo', filename: 'a.pdf', data: files.pdf(100) }])), 400, 'UPLOAD_MISSING'],
    ];
    for (const [label, run, status, code] of cases) {
      const res = await run();
      expect(res.statusCode, label).toBe(status);
      expect((res.json() as { error: { code: string } }).error.code, label).toBe(code);
      expect(leftovers(w), label).toEqual(before);
    }
    expect(resourceRow(id)?.media_sha256).toBeNull();
  });

  it('is refused before reading to people who may not edit the resource', async () => {
    const id = await draft(2);
    expect(errorCode(await send(id, files.pdf(100), 'a.pdf', 'other'))).toBe('RESOURCE_NOT_FOUND');
    expect((await send(id, files.pdf(100), 'a.pdf', 'anonymous')).statusCode).toBe(401);
    expect((await send(id, files.pdf(100), 'a.pdf', 'admin')).statusCode).toBe(200);
  });
});

describe('stale uploads', () => {
  it('a PATCH marks its upload as alive, at most once in a few minutes (no database commit per chunk)', async () => {
    const id = await draft();
    const pdf = files.pdf(90_000, 12);
    const upload = (await start(id, pdf.length, 'vivo.pdf')).json();
    const updatedAt = () => w.t.app.db.prepare<[string], { updated_at: string }>('SELECT updated_at FROM uploads WHERE id = ?').get(upload.id)?.updated_at;
    const setUpdatedAt = (msAgo: number) => {
      const at = new Date(Date.now() - msAgo).toISOString();
      w.t.app.db.prepare('UPDATE uploads SET updated_at = ? WHERE id = ?').run(at, upload.id);
      return at;
    };
    // Touched a minute ago: the next chunks leave the row alone.
    const recent = setUpdatedAt(60_000);
    expect((await patch(upload.id, 0, pdf.subarray(0, 30_000))).statusCode).toBe(200);
    expect(updatedAt()).toBe(recent);
    // Touched an hour ago: the next chunk renews it, so the upload is not swept as stale.
    const old = setUpdatedAt(3600_000);
    expect((await patch(upload.id, 30_000, pdf.subarray(30_000, 60_000))).statusCode).toBe(200);
    expect(Date.parse(updatedAt() ?? '')).toBeGreaterThan(Date.parse(old) + 3000_000);
    expect((await api('owner', 'GET', `/uploads/${upload.id}`)).json().offset).toBe(60_000);
  });

  it('are deleted at start with orphan bytes, while fresh ones survive a restart and resume', async () => {
    const local = await contribWorld();
    const call = caller(local);
    const id = (await call('owner', 'POST', '/v2/resources', { payload: validDraft(local) })).json().id as number;
    const pdf = files.pdf(60_000, 11);
    const fresh = (await call('owner', 'POST', '/uploads', { payload: { resourceId: id, size: pdf.length, name: 'a.pdf' } })).json();
    await call('owner', 'PATCH', `/uploads/${fresh.id}`, { payload: pdf.subarray(0, 25_000), headers: { 'content-type': OCTETS, 'upload-offset': '0' } });
    const other = (await call('owner', 'POST', '/v2/resources', { payload: validDraft(local) })).json().id as number;
    const stale = (await call('owner', 'POST', '/uploads', { payload: { resourceId: other, size: 5000 } })).json();
    local.t.app.db.prepare("UPDATE uploads SET updated_at = '2020-01-01T00:00:00.000Z' WHERE id = ?").run(stale.id);
    fs.writeFileSync(path.join(uploadsDir(local.t.dataDir), `${'f'.repeat(32)}.part`), 'huérfano');
    await local.t.app.close();

    const again = await buildApp({ config: loadConfig({ KIT_DATA_DIR: local.t.dataDir, KIT_WEB_DIR: path.join(local.t.dataDir, 'no-web') }), logger: false });
    try {
      await again.ready();
      expect(fs.readdirSync(uploadsDir(local.t.dataDir))).toEqual([`${fresh.id}.part`]);
      expect(again.db.prepare('SELECT id FROM uploads').all()).toEqual([{ id: fresh.id }]);
      const headers = { authorization: `Bearer ${local.tokens.owner}` };
      const head = await again.inject({ method: 'HEAD', url: `/api/uploads/${fresh.id}`, headers });
      expect(head.headers['upload-offset']).toBe('25000');
      const done = await again.inject({
        method: 'PATCH',
        url: `/api/uploads/${fresh.id}`,
        payload: pdf.subarray(25_000),
        headers: { ...headers, 'content-type': OCTETS, 'upload-offset': '25000' },
      });
      expect(done.json().complete).toBe(true);
      // Hashed from the disk this time (the running hash did not survive the restart): still right.
      expect(done.json().resource.mediaUrl).toBe(`/api/media/${sha256(pdf)}.pdf`);
    } finally {
      await again.close();
      fs.rmSync(local.t.dataDir, { recursive: true, force: true });
    }
  });
});
