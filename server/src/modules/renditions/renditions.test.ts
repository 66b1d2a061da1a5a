import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ManagedResourceSchema, ResourceDetailSchema, type ResourceDetail } from '@kit/contract';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, contribWorld, errorCode, multipart, validDraft, type ContribWorld, type Who } from '../../../test/contrib-helper.ts';
import { tempDir } from '../../../test/helper.ts';
import { ffprobe, makeClip, makeEmptyMp4, makePhoto, makePictureBomb, makeSound, makeSoundOnlyMp4 } from '../../../test/media-maker.ts';
import { ingestLocalFile } from '../../media/ingest.ts';
import { mediaPath } from '../../media/store.ts';
import { isFastStart } from './probe.ts';

/*
 * Phone copies end to end: real files made by ffmpeg, uploaded through the
 * API, prepared by the real queue and ffmpeg, read back through the API and
 * checked with ffprobe.
 */

let w: ContribWorld;
let api: ReturnType<typeof caller>;
let dir: string;
let phoneVideo: string;

const sha256 = (file: string): string => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const bitrateOf = async (file: string): Promise<number> => Number((await ffprobe(file)).format.bit_rate);

async function uploadAs(type: number, file: string, who: Who = 'owner'): Promise<number> {
  const created = await api(who, 'POST', '/v2/resources', { payload: validDraft(w, { type }) });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  const sent = await api(who, 'POST', `/v2/resources/${id}/file`, multipart([{ name: 'file', filename: path.basename(file), data: fs.readFileSync(file) }]));
  expect(sent.statusCode, sent.body).toBe(200);
  return id;
}

async function page(id: number, who: Who = 'owner'): Promise<ResourceDetail> {
  const res = await api(who, 'GET', `/v2/resource/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(Value.Check(ResourceDetailSchema, res.json())).toBe(true);
  return res.json() as ResourceDetail;
}

/** Fetches a file through the API into the test's folder, as a phone would. */
async function fetchTo(url: string, name: string, who: Who = 'owner'): Promise<string> {
  const res = await api(who, 'GET', url.replace(/^\/api/, ''));
  expect(res.statusCode, url).toBe(200);
  const file = path.join(dir, name);
  fs.writeFileSync(file, res.rawPayload);
  return file;
}

/** The resource's original is still the file it was, served as before. */
async function expectOriginalIntact(id: number, original: string): Promise<void> {
  const detail = await page(id, 'admin');
  expect(detail.mediaUrl).toContain(sha256(original));
  const [, sha = '', ext = ''] = /([0-9a-f]{64})\.(\w+)$/.exec(detail.mediaUrl ?? '') ?? [];
  expect(sha256(mediaPath(w.t.dataDir, sha, ext))).toBe(sha);
  const served = await api('admin', 'HEAD', (detail.mediaUrl ?? '').replace(/^\/api/, ''));
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-length']).toBe(String(fs.statSync(original).size));
  // The server still answers at once.
  expect((await api('anonymous', 'GET', '/health')).statusCode).toBe(200);
}

async function failedWith(id: number, code: string): Promise<ResourceDetail> {
  await w.t.app.renditions.whenIdle();
  const detail = await page(id, 'admin');
  expect(detail.renditionJob, JSON.stringify(detail.renditionJob)).toMatchObject({ state: 'failed', code });
  expect(detail.renditionJob?.reason).toMatch(/\p{L}{3,}/u);
  expect(detail.renditions).toEqual([]);
  expect(detail.renditionsPending).toBe(false);
  return detail;
}

beforeAll(async () => {
  w = await contribWorld({ KIT_RENDITIONS: 'true', KIT_RENDITION_THREADS: '1' }, { renditions: { stallSeconds: 3 } });
  api = caller(w);
  dir = tempDir('kit-renditions-');
  // A phone's recording: 1080p, 12 Mbit/s, index at the end.
  phoneVideo = await makeClip(path.join(dir, 'telefono.mp4'), { width: 1920, height: 1080, seconds: 2, bitrate: '12M' });
});

afterAll(async () => {
  await w?.t.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('phone copies', () => {
  it('a 1080p upload gets a ≤480p H.264 copy with its index first, at most a quarter of the bitrate, and a poster', async () => {
    const id = await uploadAs(3, phoneVideo);
    // While the job runs: nothing listed yet, and its owner follows it.
    const queued = await page(id);
    expect(queued.renditionsPending).toBe(true);
    expect(queued.renditions).toEqual([]);
    expect(queued.renditionJob).toMatchObject({ kind: 'video', state: expect.stringMatching(/^(pending|running)$/) });
    expect((await page(id, 'admin')).renditionJob).not.toBeNull();
    await w.t.app.renditions.whenIdle();

    const detail = await page(id);
    expect(detail.renditionsPending).toBe(false);
    expect(detail.renditionJob).toBeNull();
    const video = detail.renditions.find((r) => r.kind === 'video');
    const poster = detail.renditions.find((r) => r.kind === 'poster');
    expect(video).toMatchObject({ mime: 'video/mp4', url: expect.stringMatching(/^\/api\/media\/[0-9a-f]{64}\.mp4$/) });
    expect(poster).toMatchObject({ mime: 'image/webp', url: expect.stringMatching(/^\/api\/media\/[0-9a-f]{64}\.webp$/) });

    const copy = await fetchTo(video?.url ?? '', 'copia.mp4');
    expect(await isFastStart(phoneVideo)).toBe(false);
    expect(await isFastStart(copy)).toBe(true);
    const probed = await ffprobe(copy);
    const picture = probed.streams.find((s) => s.codec_type === 'video');
    expect(picture?.codec_name).toBe('h264');
    expect(probed.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
    expect(Math.min(picture?.width ?? 0, picture?.height ?? 0)).toBeLessThanOrEqual(480);
    expect(Math.max(picture?.width ?? 0, picture?.height ?? 0)).toBeLessThanOrEqual(854);
    expect({ width: video?.width, height: video?.height, bytes: video?.bytes }).toEqual({ width: picture?.width, height: picture?.height, bytes: fs.statSync(copy).size });
    expect(Number(probed.format.duration)).toBeGreaterThan(1.5);
    const original = await bitrateOf(phoneVideo);
    expect(await bitrateOf(copy)).toBeLessThanOrEqual(original / 4);
    expect(video?.bitrate).toBeLessThanOrEqual(original / 4);
  });

  it('serves a copy like every file: content-addressed, ranges, nosniff; only to who may see its resource; named after it as a download', async () => {
    const id = await uploadAs(3, phoneVideo);
    await w.t.app.renditions.whenIdle();
    const url = ((await page(id)).renditions.find((r) => r.kind === 'video')?.url ?? '').replace(/^\/api/, '');
    const sha = /([0-9a-f]{64})/.exec(url)?.[1];

    const ranged = await api('owner', 'GET', url, { headers: { range: 'bytes=0-99' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers).toMatchObject({ etag: `"${sha}"`, 'accept-ranges': 'bytes', 'x-content-type-options': 'nosniff', 'content-type': 'video/mp4' });
    // A draft's copy is private, as the draft's own file is.
    expect(ranged.headers['cache-control']).toMatch(/^private/);
    expect((await api('anonymous', 'GET', url)).statusCode).toBe(404);
    expect((await api('other', 'GET', url)).statusCode).toBe(404);

    w.t.app.db.prepare("UPDATE resources SET status = 'published' WHERE id = ?").run(id);
    const open = await api('anonymous', 'GET', url);
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const download = await api('other', 'GET', `${url}?download=1`);
    expect(download.headers['content-disposition']).toContain('filename="Cuentos del valle.mp4"');
    expect(w.t.app.db.prepare<[number], { downloads: number }>('SELECT downloads FROM resources WHERE id = ?').get(id)?.downloads).toBe(1);
  });

  it('a large photo gets a WebP display copy at most 1280 px wide; a small light one keeps only its original', async () => {
    const photo = await makePhoto(path.join(dir, 'foto.jpg'), 4000, 3000);
    const id = await uploadAs(1, photo);
    const small = await makePhoto(path.join(dir, 'pequena.jpg'), 320, 240);
    const smallId = await uploadAs(1, small);
    await w.t.app.renditions.whenIdle();

    const [display] = (await page(id)).renditions;
    expect(display).toMatchObject({ kind: 'image', mime: 'image/webp', width: 1280, height: 960 });
    const copy = await fetchTo(display?.url ?? '', 'foto.webp');
    expect(fs.statSync(copy).size).toBeLessThan(fs.statSync(photo).size / 4);
    expect((await page(smallId)).renditions).toEqual([]);
  });

  it('an HEVC video gets an H.264 copy every phone plays', async () => {
    const hevc = await makeClip(path.join(dir, 'hevc.mp4'), { width: 640, height: 360, seconds: 1, codec: 'hevc', bitrate: '800k', fastStart: true });
    const id = await uploadAs(3, hevc);
    await w.t.app.renditions.whenIdle();
    const video = (await page(id)).renditions.find((r) => r.kind === 'video');
    const copy = await fetchTo(video?.url ?? '', 'hevc-copia.mp4');
    expect((await ffprobe(copy)).streams.find((s) => s.codec_type === 'video')?.codec_name).toBe('h264');
    expect(await isFastStart(copy)).toBe(true);
  });

  it('a light video is not encoded again: with its index first only a poster is made; with its index last it is only remuxed', async () => {
    const light = await makeClip(path.join(dir, 'ligero.mp4'), { width: 426, height: 240, seconds: 2, bitrate: '300k', fastStart: true });
    const lightId = await uploadAs(3, light);
    const lastIndex = await makeClip(path.join(dir, 'indice-al-final.mp4'), { width: 426, height: 240, seconds: 2, bitrate: '300k' });
    const remuxId = await uploadAs(3, lastIndex);
    await w.t.app.renditions.whenIdle();

    expect((await page(lightId)).renditions.map((r) => r.kind)).toEqual(['poster']);
    const remuxed = (await page(remuxId)).renditions.find((r) => r.kind === 'video');
    const copy = await fetchTo(remuxed?.url ?? '', 'remux.mp4');
    expect(await isFastStart(copy)).toBe(true);
    // The same coded pictures, moved: the video stream's bits are the original's.
    const streamBits = async (file: string) => (await ffprobe(file)).streams.find((s) => s.codec_type === 'video')?.bit_rate;
    expect(await streamBits(copy)).toBe(await streamBits(lastIndex));
  });

  it('uncompressed sound gets a compact AAC copy; a light MP3 keeps only its original', async () => {
    const wav = await makeSound(path.join(dir, 'voz.wav'), 3, 'wav');
    const wavId = await uploadAs(4, wav);
    const mp3 = await makeSound(path.join(dir, 'voz.mp3'), 3, 'mp3');
    const mp3Id = await uploadAs(4, mp3);
    await w.t.app.renditions.whenIdle();

    const [compact] = (await page(wavId)).renditions;
    expect(compact).toMatchObject({ kind: 'audio', mime: 'audio/mp4' });
    expect(compact?.bitrate).toBeLessThanOrEqual(128_000);
    const copy = await fetchTo(compact?.url ?? '', 'voz.m4a');
    expect((await ffprobe(copy)).streams[0]?.codec_name).toBe('aac');
    expect(fs.statSync(copy).size).toBeLessThan(fs.statSync(wav).size / 8);
    expect((await page(mp3Id)).renditions).toEqual([]);
  });

  it('a file sent in pieces (the resumable upload) is prepared too, once its last byte arrives', async () => {
    const wav = fs.readFileSync(await makeSound(path.join(dir, 'por-partes.wav'), 2, 'wav'));
    const id = (await api('owner', 'POST', '/v2/resources', { payload: validDraft(w, { type: 4 }) })).json().id as number;
    const upload = (await api('owner', 'POST', '/uploads', { payload: { resourceId: id, size: wav.length, name: 'por-partes.wav' } })).json() as { id: string };
    const half = Math.floor(wav.length / 2);
    const send = (offset: number, bytes: Buffer) =>
      api('owner', 'PATCH', `/uploads/${upload.id}`, { payload: bytes, headers: { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) } });
    expect((await send(0, wav.subarray(0, half))).statusCode).toBe(200);
    // Half a file is not a library file yet: nothing to prepare.
    expect((await page(id)).renditionsPending).toBe(false);
    const finished = await send(half, wav.subarray(half));
    expect(finished.json(), finished.body).toMatchObject({ complete: true });
    expect((await page(id)).renditionsPending).toBe(true);
    await w.t.app.renditions.whenIdle();
    expect((await page(id)).renditions.map((r) => r.kind)).toEqual(['audio']);
  });

  it('deleting a resource deletes its copies too', async () => {
    const clip = await makeClip(path.join(dir, 'borrar.mp4'), { width: 640, height: 360, seconds: 1, bitrate: '2M' });
    const id = await uploadAs(3, clip, 'other');
    await w.t.app.renditions.whenIdle();
    const copies = (await page(id, 'other')).renditions.map((r) => /([0-9a-f]{64})\.(\w+)$/.exec(r.url)?.slice(1) as [string, string]);
    expect(copies.length).toBe(2);
    for (const [sha, ext] of copies) expect(fs.existsSync(mediaPath(w.t.dataDir, sha, ext))).toBe(true);
    expect((await api('other', 'DELETE', `/v2/resources/${id}`)).statusCode).toBe(200);
    for (const [sha, ext] of copies) {
      expect(fs.existsSync(mediaPath(w.t.dataDir, sha, ext)), sha).toBe(false);
      expect(w.t.app.db.prepare('SELECT count(*) AS n FROM media WHERE sha256 = ?').get(sha)).toEqual({ n: 0 });
    }
  });

  describe('bad input: the job fails with its reason, the original stays and plays, the server keeps answering', () => {
    it('a corrupt video', async () => {
      const damaged = path.join(dir, 'danado.mp4');
      const bytes = fs.readFileSync(await makeClip(path.join(dir, 'sano.mp4'), { width: 640, height: 360, seconds: 1, bitrate: '1M', fastStart: true }));
      // The file type's bytes stay; the index after them is overwritten with noise.
      for (let i = 40; i < Math.min(bytes.length, 4000); i++) bytes[i] = (i * 97 + 13) & 0xff;
      fs.writeFileSync(damaged, bytes);
      const id = await uploadAs(3, damaged);
      await failedWith(id, 'RENDITION_UNREADABLE');
      await expectOriginalIntact(id, damaged);
    });

    it('a truncated video', async () => {
      const whole = await makeClip(path.join(dir, 'entero.mp4'), { width: 640, height: 360, seconds: 3, bitrate: '3M', fastStart: true });
      const cut = path.join(dir, 'cortado.mp4');
      fs.writeFileSync(cut, fs.readFileSync(whole).subarray(0, Math.floor(fs.statSync(whole).size * 0.5)));
      const id = await uploadAs(3, cut);
      await failedWith(id, 'RENDITION_UNREADABLE');
      await expectOriginalIntact(id, cut);
    });

    it('a video with zero-length streams', async () => {
      const empty = await makeEmptyMp4(path.join(dir, 'vacio.mp4'));
      const id = await uploadAs(3, empty);
      await failedWith(id, 'RENDITION_EMPTY');
      await expectOriginalIntact(id, empty);
    });

    it('a "video" that is only sound', async () => {
      const sound = await makeSoundOnlyMp4(path.join(dir, 'solo-sonido.mp4'), 2);
      const id = await uploadAs(3, sound);
      await failedWith(id, 'RENDITION_NO_VIDEO');
      await expectOriginalIntact(id, sound);
    });

    it('a damaged video is kept from the public: its draft cannot be sent, and once published it is taken off the library with the reason for its owner', async () => {
      const bytes = fs.readFileSync(await makeClip(path.join(dir, 'sano-2.mp4'), { width: 320, height: 240, seconds: 1, bitrate: '1M', fastStart: true }));
      for (let i = 40; i < Math.min(bytes.length, 4000); i++) bytes[i] = (i * 89 + 7) & 0xff;
      const damaged = path.join(dir, 'danado-2.mp4');
      fs.writeFileSync(damaged, bytes);
      const id = await uploadAs(3, damaged);
      await failedWith(id, 'RENDITION_UNREADABLE');

      const sent = await api('owner', 'POST', `/v2/resources/${id}/submit`);
      expect(sent.statusCode).toBe(422);
      expect(sent.json().error).toMatchObject({ code: 'RESOURCE_FILE_DAMAGED', message: 'El archivo está dañado o incompleto: no se pudo leer entero. Súbelo otra vez desde el original antes de enviarlo' });
      expect((await page(id)).status).toBe('draft');

      // Published before its copy's job ran (it was sent the moment its last byte arrived): the job's failure takes it off.
      w.t.app.db.prepare("UPDATE resources SET status = 'published', published_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?").run(id);
      expect((await api('anonymous', 'GET', `/v2/resource/${id}`)).statusCode).toBe(200);
      expect((await api('admin', 'POST', `/v2/admin/resources/${id}/renditions/retry`)).statusCode).toBe(200);
      await failedWith(id, 'RENDITION_UNREADABLE');
      expect((await api('anonymous', 'GET', `/v2/resource/${id}`)).statusCode).toBe(404);
      for (const who of ['owner', 'admin'] as const) {
        expect(await page(id, who)).toMatchObject({
          status: 'blocked',
          statusReason: 'Retirado de la biblioteca: El archivo está dañado o incompleto: no se pudo leer entero. Súbelo otra vez desde el original',
        });
      }
      // In its history as the kit's own block: by nobody, from where it was.
      expect(w.t.app.db.prepare("SELECT actor_id AS actor, from_status AS fromStatus FROM resource_events WHERE resource_id = ? AND action = 'block'").all(id)).toEqual([
        { actor: null, fromStatus: 'published' },
      ]);
    });

    it('a picture bomb that reached the library by another door (the demo library, a pack: no cover is made there)', async () => {
      const bomb = makePictureBomb(path.join(dir, 'bomba.png'), 20_000);
      const { sha256: sha } = await ingestLocalFile(w.t.app.db, w.t.dataDir, bomb);
      const id = await uploadAs(1, await makePhoto(path.join(dir, 'cualquiera.jpg'), 64, 48));
      w.t.app.db.prepare('UPDATE resources SET media_sha256 = ? WHERE id = ?').run(sha, id);
      w.t.app.renditions.prepare(sha);
      await failedWith(id, 'RENDITION_TOO_LARGE');
      await expectOriginalIntact(id, bomb);
    });

    it('an encoder that hangs is killed once it has been silent for its bound', async () => {
      const stuck = await makeClip(path.join(dir, 'atascado.mp4'), { width: 1280, height: 720, seconds: 2, bitrate: '6M' });
      const id = await uploadAs(3, stuck, 'admin');
      const sha = /([0-9a-f]{64})/.exec((await page(id, 'admin')).mediaUrl ?? '')?.[1] ?? '';
      // Freeze the encoder as soon as it starts: the process lives on but does nothing, as a hung one does.
      let pid: number | null = null;
      for (let i = 0; i < 20_000 && pid === null; i++) {
        pid = w.t.app.db.prepare<[string], { pid: number | null }>('SELECT pid FROM rendition_jobs WHERE source_sha256 = ?').get(sha)?.pid ?? null;
        if (pid === null) await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect(pid).not.toBeNull();
      process.kill(-(pid as number), 'SIGSTOP');
      expect((await api('anonymous', 'GET', '/health')).statusCode).toBe(200);
      await w.t.app.renditions.whenIdle();
      const detail = await page(id, 'admin');
      expect(detail.renditionJob).toMatchObject({ state: 'failed', code: 'RENDITION_STALLED' });
      expect(() => process.kill(pid as number, 0)).toThrow();
      await expectOriginalIntact(id, stuck);
    });
  });

  it('an admin retries a failed job (an admin route): it runs again; nobody else may, and a job that did not fail is not retried', async () => {
    const sound = await makeSoundOnlyMp4(path.join(dir, 'otra-vez.mp4'), 1);
    const id = await uploadAs(3, sound);
    await failedWith(id, 'RENDITION_NO_VIDEO');
    expect((await api('owner', 'POST', `/v2/admin/resources/${id}/renditions/retry`)).statusCode).toBe(403);
    const again = await api('admin', 'POST', `/v2/admin/resources/${id}/renditions/retry`);
    expect(again.statusCode, again.body).toBe(200);
    expect(Value.Check(ManagedResourceSchema, again.json())).toBe(true);
    expect(again.json().renditionJob).toMatchObject({ state: expect.stringMatching(/^(pending|running)$/) });
    await failedWith(id, 'RENDITION_NO_VIDEO');

    const fine = await uploadAs(3, phoneVideo);
    await w.t.app.renditions.whenIdle();
    const refused = await api('admin', 'POST', `/v2/admin/resources/${fine}/renditions/retry`);
    expect(refused.statusCode).toBe(409);
    expect(errorCode(refused)).toBe('RENDITION_NOT_FAILED');
  });

  it('owners and admins follow the job in their lists; others never see it', async () => {
    const sound = await makeSoundOnlyMp4(path.join(dir, 'lista.mp4'), 1);
    const id = await uploadAs(3, sound);
    await w.t.app.renditions.whenIdle();
    const mine = (await api('owner', 'GET', '/v2/resources/mine')).json().data.find((r: { id: number }) => r.id === id);
    expect(mine.renditionJob).toMatchObject({ state: 'failed', code: 'RENDITION_NO_VIDEO' });
    const listed = (await api('admin', 'GET', '/v2/admin/resources/all?per_page=60')).json().data.find((r: { id: number }) => r.id === id);
    expect(listed.renditionJob).toMatchObject({ state: 'failed' });
    w.t.app.db.prepare("UPDATE resources SET status = 'published' WHERE id = ?").run(id);
    expect((await page(id, 'other')).renditionJob).toBeNull();
    expect((await api('other', 'GET', `/v2/resource/${id}/renditions`)).json()).toEqual({ renditions: [], renditionsPending: false, renditionJob: null });
  });
});
