import fs from 'node:fs';
import { CoverSchema } from '@kit/contract';
import sharp from 'sharp';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { caller, contribWorldForFile, errorCode, files, leftovers, multipart, validDraft, type Who } from '../../../test/contrib-helper.ts';
import { mediaPath } from '../../media/store.ts';

const w = contribWorldForFile();
const api = caller(w);

const draft = async (type = 2) => (await api('owner', 'POST', '/v2/resources', { payload: validDraft(w, { type }) })).json().id as number;
const sendCover = (id: number, data: Buffer, who: Who = 'owner', filename = 'portada.png', field = 'file') =>
  api(who, 'POST', `/v2/resources/${id}/cover`, multipart([{ name: field, filename, type: 'image/png', data }]));
const coverOf = (id: number) => w.t.app.db.prepare<[number], { cover_sha256: string | null; cover_custom: number }>('SELECT cover_sha256, cover_custom FROM resources WHERE id = ?').get(id);

describe('POST /api/v2/resources/{id}/cover', () => {
  it('stores a picture as a WebP of at most 640 px, content-addressed, and the resource shows it', async () => {
    const id = await draft(3);
    const res = await sendCover(id, await files.jpeg(2000, 1000));
    expect(res.statusCode, res.body).toBe(200);
    expect(Value.Check(CoverSchema, res.json())).toBe(true);
    expect(res.json()).toMatchObject({ coverCustom: true, width: 640, height: 320, coverUrl: expect.stringMatching(/^\/api\/media\/[0-9a-f]{64}\.webp$/) });
    const file = mediaPath(w.t.dataDir, res.json().sha256, 'webp');
    expect((await sharp(fs.readFileSync(file)).metadata()).format).toBe('webp');
    expect((await api('owner', 'GET', `/v2/resource/${id}`)).json().coverUrl).toBe(res.json().coverUrl);
    // A small picture is not enlarged.
    expect((await sendCover(id, await files.png(200, 100))).json()).toMatchObject({ width: 200, height: 100 });
  });

  it('replaces the cover and deletes the old one when nothing else uses it', async () => {
    const id = await draft();
    const first = (await sendCover(id, await files.png(300, 300))).json();
    const second = (await sendCover(id, await files.jpeg(320, 200))).json();
    expect(second.sha256).not.toBe(first.sha256);
    expect(fs.existsSync(mediaPath(w.t.dataDir, first.sha256, 'webp'))).toBe(false);
    expect(w.t.app.db.prepare('SELECT 1 FROM media WHERE sha256 = ?').get(first.sha256)).toBeUndefined();
  });

  it('takes only pictures by their first bytes, whatever the name or claimed type', async () => {
    const id = await draft();
    const before = leftovers(w);
    for (const data of [files.pdf(500), files.text(), files.mp4(500)]) {
      const res = await sendCover(id, data, 'owner', 'foto.png');
      expect(res.statusCode).toBe(415);
      expect(errorCode(res)).toBe('COVER_NOT_ALLOWED');
    }
    const png = await files.png(100, 100);
    const broken = Buffer.concat([png.subarray(0, 30), Buffer.alloc(500)]);
    expect(errorCode(await sendCover(id, broken))).toBe('COVER_UNREADABLE');
    const huge = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await sendCover(id, huge);
    expect(tooBig.statusCode).toBe(413);
    expect(errorCode(tooBig)).toBe('COVER_TOO_LARGE');
    expect(errorCode(await sendCover(id, png, 'owner', 'x.png', 'imagen'))).toBe('UPLOAD_MISSING');
    expect(leftovers(w)).toEqual(before);
    expect(coverOf(id)).toEqual({ cover_sha256: null, cover_custom: 0 });
  });

  it('is for the owner while the resource can be edited, and for admins always', async () => {
    const png = await files.png(120, 80);
    const id = await draft();
    expect((await sendCover(id, png, 'anonymous')).statusCode).toBe(401);
    expect(errorCode(await sendCover(id, png, 'other'))).toBe('RESOURCE_NOT_FOUND');
    expect(errorCode(await sendCover(id, png, 'denied'))).toBe('RESOURCE_NOT_FOUND');
    w.t.app.db.prepare("UPDATE resources SET status = 'published' WHERE id = ?").run(id);
    expect(errorCode(await sendCover(id, png, 'owner'))).toBe('INVALID_TRANSITION');
    expect(errorCode(await sendCover(id, png, 'other'))).toBe('FORBIDDEN');
    expect((await sendCover(id, png, 'admin')).statusCode).toBe(200);
  });
});

describe('DELETE /api/v2/resources/{id}/cover', () => {
  it('goes back to the picture itself for an image, and to the placeholder for the rest', async () => {
    const image = await draft(1);
    const photo = await files.png(800, 800);
    await api('owner', 'POST', `/v2/resources/${image}/file`, multipart([{ name: 'file', filename: 'foto.png', data: photo }]));
    const auto = coverOf(image)?.cover_sha256;
    expect(auto).toBeTruthy();
    await sendCover(image, await files.jpeg(400, 300));
    expect(coverOf(image)).toMatchObject({ cover_custom: 1 });
    // A new picture for the resource does not replace a chosen cover.
    await api('owner', 'POST', `/v2/resources/${image}/file`, multipart([{ name: 'file', filename: 'otra.png', data: await files.png(500, 500) }]));
    expect(coverOf(image)?.cover_custom).toBe(1);
    const back = await api('owner', 'DELETE', `/v2/resources/${image}/cover`);
    expect(back.json()).toMatchObject({ coverCustom: false, width: 500, height: 500 });

    const doc = await draft(2);
    await sendCover(doc, await files.png(100, 100));
    expect((await api('owner', 'DELETE', `/v2/resources/${doc}/cover`)).json()).toEqual({ coverUrl: null, coverCustom: false, sha256: null, width: null, height: null });
    expect((await api('owner', 'GET', `/v2/resources/${doc}`)).json().coverUrl).toBeNull();
  });
});
