import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ResourceDetail } from '@kit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, contribWorld, multipart, sha256, validDraft, type ContribWorld, type Who } from '../../../test/contrib-helper.ts';
import { pollFor, processAlive, tempDir } from '../../../test/helper.ts';
import { ffprobe } from '../../../test/media-maker.ts';
import { mediaPath } from '../../media/store.ts';
import { probe } from './probe.ts';
import { findTools } from './tools.ts';

/*
 * Files made to hurt the copy worker, each built here with ffmpeg, uploaded
 * through the API and prepared by the real queue: none may hold the worker
 * for long, decode a picture past the kit's bound, or read another file.
 */

const run = promisify(execFile);
const ffmpeg = (args: string[]) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args]);

let w: ContribWorld;
let api: ReturnType<typeof caller>;
let dir: string;

async function uploadAs(type: number, file: string, who: Who = 'owner'): Promise<{ id: number; sha: string }> {
  const created = await api(who, 'POST', '/v2/resources', { payload: validDraft(w, { type }) });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  const sent = await api(who, 'POST', `/v2/resources/${id}/file`, multipart([{ name: 'file', filename: path.basename(file), data: fs.readFileSync(file) }]));
  expect(sent.statusCode, sent.body).toBe(200);
  return { id, sha: sha256(fs.readFileSync(file)) };
}

async function page(id: number, who: Who = 'owner'): Promise<ResourceDetail> {
  const res = await api(who, 'GET', `/v2/resource/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ResourceDetail;
}

const job = (sha: string) =>
  w.t.app.db.prepare<[string], { state: string; pid: number | null; error_code: string | null }>('SELECT state, pid, error_code FROM rendition_jobs WHERE source_sha256 = ?').get(sha);
const finished = (sha: string, seconds: number) =>
  pollFor(`el fin de la tarea ${sha}`, seconds, () => {
    const row = job(sha);
    return row && (row.state === 'done' || row.state === 'failed') ? row : null;
  });

beforeAll(async () => {
  // The stall bound as on a kit: only the bounds under test may end these jobs early.
  w = await contribWorld({ KIT_RENDITIONS: 'true', KIT_RENDITION_THREADS: '1' });
  api = caller(w);
  dir = tempDir('kit-renditions-hostile-');
});

afterAll(async () => {
  await w?.t.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('hostile media', () => {
  it('a 16 KB WebM whose frames lie 100 000 s apart (a claimed 57 days) fails at once as RENDITION_IMPLAUSIBLE', async () => {
    const file = path.join(dir, 'eterno.webm');
    await ffmpeg(['-f', 'lavfi', '-i', 'testsrc=s=64x64:r=1:d=50', '-vf', 'setpts=N*100000/TB', '-fps_mode', 'passthrough', '-c:v', 'libvpx', '-b:v', '50k', '-f', 'webm', file]);
    expect(fs.statSync(file).size).toBeLessThan(32_000);
    const { id, sha } = await uploadAs(3, file);
    expect(await finished(sha, 60)).toMatchObject({ state: 'failed', error_code: 'RENDITION_IMPLAUSIBLE' });
    expect((await page(id)).renditionJob).toMatchObject({ state: 'failed', code: 'RENDITION_IMPLAUSIBLE', reason: expect.stringMatching(/\p{L}{3,}/u) });
  });

  it('a video with a five-minute gap between its frames is not filled with copies: the copy has only the frames the file has', async () => {
    const file = path.join(dir, 'hueco.webm');
    // 60 frames per second for 2 s, nothing for 300 s, 2 s more: 240 frames in all (VP8: always encoded).
    await ffmpeg([
      '-f', 'lavfi', '-i', 'testsrc2=s=320x240:r=60:d=4', '-vf', "setpts='if(gte(N,120),PTS+300/TB,PTS)'", '-fps_mode', 'passthrough',
      '-c:v', 'libvpx', '-deadline', 'realtime', '-b:v', '1M', '-f', 'webm', file,
    ]);
    const { id, sha } = await uploadAs(3, file);
    expect(await finished(sha, 120)).toMatchObject({ state: 'done' });
    const video = (await page(id)).renditions.find((r) => r.kind === 'video');
    const [, copySha = '', ext = ''] = /([0-9a-f]{64})\.(\w+)$/.exec(video?.url ?? '') ?? [];
    const { stdout } = await run('ffprobe', ['-v', 'error', '-count_packets', '-select_streams', 'v:0', '-show_entries', 'stream=nb_read_packets', '-of', 'csv=p=0', mediaPath(w.t.dataDir, copySha, ext)]);
    // At most 30 per second of picture (the 60 fps parts halved), never 30 per second of the gap (9 000 copies).
    expect(Number(stdout.trim())).toBeLessThanOrEqual(125);
    expect(Number((await ffprobe(mediaPath(w.t.dataDir, copySha, ext))).format.duration)).toBeGreaterThan(300);
  }, 150_000);

  it('deleting a draft ends the encoder working on its file', async () => {
    const file = path.join(dir, 'borrador.mp4');
    await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=1280x720:r=30:d=3', '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '6M', '-f', 'mp4', file]);
    const { id, sha } = await uploadAs(3, file, 'other');
    const pid = await pollFor('el codificador en marcha', 60, () => job(sha)?.pid);
    // Held still: left alone it would finish by itself; only the deletion may end it now.
    process.kill(-pid, 'SIGSTOP');
    expect((await api('other', 'DELETE', `/v2/resources/${id}`)).statusCode).toBe(200);
    await pollFor('el codificador terminado', 15, () => (processAlive(pid) ? null : true));
    await w.t.app.renditions.whenIdle();
    expect(job(sha)).toBeUndefined();
  });

  it('a VP8 video that starts at 64×64 and turns 5000×5000 at its second key frame is refused as RENDITION_TOO_LARGE, not decoded', async () => {
    const small = path.join(dir, 'pequeno.webm');
    const huge = path.join(dir, 'enorme.webm');
    await ffmpeg(['-f', 'lavfi', '-i', 'color=c=red:s=64x64:r=5:d=1', '-c:v', 'libvpx', '-b:v', '100k', '-f', 'webm', small]);
    await ffmpeg(['-f', 'lavfi', '-i', 'color=c=blue:s=5000x5000:r=5:d=0.2', '-c:v', 'libvpx', '-b:v', '100k', '-deadline', 'realtime', '-cpu-used', '8', '-f', 'webm', huge]);
    const list = path.join(dir, 'lista.txt');
    fs.writeFileSync(list, `file '${small}'\nfile '${huge}'\n`);
    const file = path.join(dir, 'crece.webm');
    await ffmpeg(['-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', '-f', 'webm', file]);
    // What the probe sees is the first size only.
    expect((await ffprobe(file)).streams[0]).toMatchObject({ width: 64, height: 64 });
    const { id, sha } = await uploadAs(3, file);
    expect(await finished(sha, 60)).toMatchObject({ state: 'failed', error_code: 'RENDITION_TOO_LARGE' });
    expect((await page(id)).renditions).toEqual([]);
  });

  it('an "MP3" that is an ID3 tag and an HLS playlist naming another user’s stored file gets nothing of that file', async () => {
    // The other file: a private draft's sound, heavy enough that a compact copy would be made of it.
    const secret = path.join(dir, 'secreto.mp3');
    await ffmpeg(['-f', 'lavfi', '-i', 'sine=f=550:d=3', '-c:a', 'libmp3lame', '-b:a', '320k', '-f', 'mp3', secret]);
    const stored = await uploadAs(4, secret, 'owner');
    const playlist = `#EXTM3U\n#EXT-X-TARGETDURATION:3\n#EXTINF:3,\n../${stored.sha.slice(0, 2)}/${stored.sha}.mp3\n#EXT-X-ENDLIST\n`;
    const crafted = path.join(dir, 'lista.mp3');
    // ID3v2.4 header with a size of 0, then the playlist: typed as MP3 by its first bytes.
    fs.writeFileSync(crafted, Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0]), Buffer.from(playlist)]));

    const { id, sha } = await uploadAs(4, crafted, 'other');
    expect(await finished(sha, 60)).toMatchObject({ state: 'failed', error_code: 'RENDITION_UNREADABLE' });
    expect((await page(id, 'other')).renditions).toEqual([]);
    // The probe itself reads the stored file as an MP3, not as a playlist.
    const input = { file: mediaPath(w.t.dataDir, sha, 'mp3'), mime: 'audio/mpeg' };
    await expect(probe(findTools(), input)).rejects.toMatchObject({ code: 'RENDITION_UNREADABLE' });
  });
});
