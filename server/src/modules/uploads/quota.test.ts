import { PassThrough, Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { caller, contribWorldForFile, errorCode, extraUser, files, leftovers, multipart, validDraft } from '../../../test/contrib-helper.ts';
import { writeSettings } from '../../kit-settings/kit-settings.repo.ts';

/*
 * Each user's storage on the kit (modules/uploads/quota.service.ts): the
 * `uploadQuotaMb` setting, counted over the user's files and unfinished
 * uploads, refused with 413 UPLOAD_QUOTA_EXCEEDED before the bytes come.
 */

const MIB = 1024 * 1024;
const w = contribWorldForFile();
const call = caller(w);

type Who = Parameters<typeof call>[0];
const newDraft = async (who: Who): Promise<number> => (await call(who, 'POST', '/v2/resources', { payload: validDraft(w) })).json().id as number;
const startUpload = (who: Who, resourceId: number, size: number) => call(who, 'POST', '/uploads', { payload: { resourceId, size, name: 'libro.pdf' } });
const oneShot = (who: Who, resourceId: number, bytes: Buffer) => {
  const body = multipart([{ name: 'file', filename: 'libro.pdf', type: 'application/pdf', data: bytes }]);
  return call(who, 'POST', `/v2/resources/${resourceId}/file`, body);
};
const quota = async (who: Who) => (await call(who, 'GET', '/v2/uploads/quota')).json() as { usedBytes: number; quotaBytes: number | null };

function expectQuotaRefusal(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBe(413);
  const error = res.json().error;
  expect(error.code).toBe('UPLOAD_QUOTA_EXCEEDED');
  expect(error.message).toMatch(/no cabe en tu espacio del kit: usas [\d,]+ MB de [\d,]+ MB\. Borra borradores o archivos que ya no necesites, o pide más espacio al administrador$/);
}

describe('GET /api/v2/uploads/quota', () => {
  it('gives a fresh kit 2 GiB per user, and admins no limit', async () => {
    expect(await quota('other')).toEqual({ usedBytes: 0, quotaBytes: 2048 * MIB });
    expect((await quota('admin')).quotaBytes).toBeNull();
    // a denied admin is an ordinary user
    expect((await quota('denied')).quotaBytes).toBe(2048 * MIB);
    expect((await call('anonymous', 'GET', '/v2/uploads/quota')).statusCode).toBe(401);
  });
});

describe('the storage quota', () => {
  it('counts files and the declared size of unfinished uploads, and refuses what does not fit before any byte', async () => {
    writeSettings(w.t.app.db, { uploadQuotaMb: 1 });
    const first = await newDraft('owner');
    expect((await oneShot('owner', first, files.pdf(600_000))).statusCode).toBe(200);
    expect(await quota('owner')).toEqual({ usedBytes: 600_000, quotaBytes: MIB });

    const second = await newDraft('owner');
    const before = leftovers(w);
    const refused = await startUpload('owner', second, 500_000);
    expectQuotaRefusal(refused);
    expect(refused.json().error.data).toMatchObject({ size: 500_000, usedBytes: 600_000, quotaBytes: MIB });
    expect(refused.json().error.message).toMatch(/^El archivo \(0,5 MB\) no cabe/);
    expect(leftovers(w)).toEqual(before);

    // started but unfinished: its declared size is held, so a third upload at once does not fit
    expect((await startUpload('owner', second, 400_000)).statusCode).toBe(201);
    expect((await quota('owner')).usedBytes).toBe(1_000_000);
    const third = await newDraft('owner');
    expectQuotaRefusal(await startUpload('owner', third, 100_000));
    expectQuotaRefusal(await oneShot('owner', third, files.pdf(100_000)));
    // someone else has their own space
    expect((await startUpload('other', await newDraft('other'), 900_000)).statusCode).toBe(201);
  });

  it("does not count a resource's own file against the file that replaces it", async () => {
    writeSettings(w.t.app.db, { uploadQuotaMb: 1 });
    const user = extraUser(w, 'lucia');
    w.tokens.owner = user.token;
    const draft = await newDraft('owner');
    expect((await oneShot('owner', draft, files.pdf(700_000, 3))).statusCode).toBe(200);
    expect((await oneShot('owner', draft, files.pdf(900_000, 4))).statusCode).toBe(200);
    expect((await startUpload('owner', draft, 1_000_000)).statusCode).toBe(201);
    expect((await quota('owner')).usedBytes).toBe(1_900_000);
  });

  it('refuses a one-shot file that grows past what is left while it streams, and keeps nothing of it', async () => {
    writeSettings(w.t.app.db, { uploadQuotaMb: 1 });
    const user = extraUser(w, 'mateo');
    w.tokens.owner = user.token;
    const draft = await newDraft('owner');
    const before = leftovers(w);
    const body = multipart([{ name: 'file', filename: 'libro.pdf', type: 'application/pdf', data: files.pdf(2 * MIB) }]);
    // no Content-Length: only the bytes themselves can tell
    const res = await w.t.app.inject({
      method: 'POST',
      url: `/api/v2/resources/${draft}/file`,
      headers: { ...body.headers, authorization: `Bearer ${user.token}`, 'transfer-encoding': 'chunked' },
      payload: Readable.from([body.payload.subarray(0, 700_000), body.payload.subarray(700_000)]),
    });
    expectQuotaRefusal(res);
    expect(res.json().error.message).toMatch(/^El archivo no cabe/);
    expect(leftovers(w)).toEqual(before);
    expect(await quota('owner')).toEqual({ usedBytes: 0, quotaBytes: MIB });
  });

  it('holds the room of a one-shot upload still arriving, so an upload started beside it cannot pass the quota', async () => {
    writeSettings(w.t.app.db, { uploadQuotaMb: 1 });
    const user = extraUser(w, 'ines');
    w.tokens.owner = user.token;
    const [slow, beside] = [await newDraft('owner'), await newDraft('owner')];
    const body = multipart([{ name: 'file', filename: 'libro.pdf', type: 'application/pdf', data: files.pdf(300_000, 6) }]);
    const wire = new PassThrough();
    const arriving = w.t.app.inject({
      method: 'POST',
      url: `/api/v2/resources/${slow}/file`,
      headers: { ...body.headers, authorization: `Bearer ${user.token}`, 'transfer-encoding': 'chunked' },
      payload: wire,
    });
    wire.write(body.payload.subarray(0, 1000));
    // no length was sent: the whole room is held while the bytes come
    for (let i = 0; i < 500 && (await quota('owner')).usedBytes < MIB; i++) await new Promise((resolve) => setImmediate(resolve));
    expectQuotaRefusal(await startUpload('owner', beside, 10_000));
    wire.end(body.payload.subarray(1000));
    expect((await arriving).statusCode).toBe(200);
    expect(await quota('owner')).toEqual({ usedBytes: 300_000, quotaBytes: MIB });
    expect((await startUpload('owner', beside, 10_000)).statusCode).toBe(201);
  });

  it("holds an unfinished upload's room until a file lands on its resource, which discards it and its bytes", async () => {
    writeSettings(w.t.app.db, { uploadQuotaMb: 1 });
    const user = extraUser(w, 'rocio');
    w.tokens.owner = user.token;
    const draft = await newDraft('owner');
    const started = await startUpload('owner', draft, 600_000);
    const id = started.json().id as string;
    const patch = await call('owner', 'PATCH', `/uploads/${id}`, {
      payload: files.pdf(600_000, 7).subarray(0, 100_000),
      headers: { 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
    });
    expect(patch.json()).toMatchObject({ offset: 100_000, complete: false });
    expect(leftovers(w).parts).toContain(`${id}.part`);

    // the unfinished upload holds 600 000 bytes: a one-request file of the same size beside it would hold them twice
    expectQuotaRefusal(await oneShot('owner', draft, files.pdf(600_000, 8)));
    expect((await oneShot('owner', draft, files.pdf(400_000, 9))).statusCode).toBe(200);
    expect(leftovers(w).parts).not.toContain(`${id}.part`);
    expect((await call('owner', 'GET', `/uploads/${id}`)).statusCode).toBe(404);
    expect(await quota('owner')).toEqual({ usedBytes: 400_000, quotaBytes: MIB });

    // whoever lands the file: an admin's discards the owner's unfinished upload too
    const again = (await startUpload('owner', draft, 500_000)).json().id as string;
    expect((await oneShot('admin', draft, files.pdf(300_000, 10))).statusCode).toBe(200);
    expect(leftovers(w).parts).not.toContain(`${again}.part`);
    expect(await quota('owner')).toEqual({ usedBytes: 300_000, quotaBytes: MIB });
  });

  it('lets admins upload past it, and no limit once the setting is emptied', async () => {
    writeSettings(w.t.app.db, { uploadQuotaMb: 1 });
    expect((await startUpload('admin', await newDraft('admin'), 5 * MIB)).statusCode).toBe(201);
    writeSettings(w.t.app.db, { uploadQuotaMb: null });
    const user = extraUser(w, 'nilda');
    w.tokens.owner = user.token;
    expect(await quota('owner')).toEqual({ usedBytes: 0, quotaBytes: null });
    expect((await startUpload('owner', await newDraft('owner'), 5 * MIB)).statusCode).toBe(201);
    expect(errorCode(await startUpload('owner', await newDraft('owner'), 1))).toBeUndefined();
  });
});

describe('PUT /api/v2/admin/settings uploadQuotaMb', () => {
  it('is set by admins in MiB, or emptied for no limit; zero or a fraction is refused', async () => {
    const put = (payload: object) => call('admin', 'PUT', '/v2/admin/settings', { payload });
    expect((await put({ uploadQuotaMb: 500 })).json().uploadQuotaMb).toBe(500);
    expect((await quota('other')).quotaBytes).toBe(500 * MIB);
    expect((await put({ uploadQuotaMb: null })).json().uploadQuotaMb).toBeNull();
    for (const bad of [0, -1, 1.5, 'mucho']) expect(errorCode(await put({ uploadQuotaMb: bad })), String(bad)).toBe('VALIDATION');
  });
});
