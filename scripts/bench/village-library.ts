/**
 * The village part's videos (village.ts): a phone-like clip made by ffmpeg
 * (server/test/media-maker.ts) and its phone copy made by the kit's own video
 * job (modules/renditions/video.ts), as renditions.ts makes them; both kept
 * in `.tmp/bench/` so a second run reuses them. Each run uploads the clip
 * through the resumable API as a few video resources (the store keeps one
 * file) and records the copy as the kit's queue would have
 * (storeRenditions): bench servers run with phone copies off, so no encoder
 * shares the machine while phones are measured.
 */
import fs from 'node:fs';
import path from 'node:path';
import { RESOURCE_TYPES } from '@kit/contract';
import { openDatabase } from '../../server/src/db/connection.ts';
import type { MadeRendition } from '../../server/src/modules/renditions/made.ts';
import { queueJob } from '../../server/src/modules/renditions/renditions.repo.ts';
import { storeRenditions } from '../../server/src/modules/renditions/store-renditions.ts';
import { findTools } from '../../server/src/modules/renditions/tools.ts';
import { makeVideo } from '../../server/src/modules/renditions/video.ts';
import { makeClip } from '../../server/test/media-maker.ts';
import { loginAdmin, startServer, uploadResource } from './server.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const CACHE = path.join(root, '.tmp', 'bench', 'village-v1');
/** Long enough for an evening's viewing of a minute, short enough to make once in a minute or two. */
export const CLIP_SECONDS = 90;
const TITLES = ['Cómo potabilizar el agua de lluvia', 'Siembra de maíz en ladera', 'Cuento: el zorro y la luna'];

export interface VillageVideos {
  /** the video resources, all of the one clip */
  ids: number[];
  clipSeconds: number;
  originalBytes: number;
  copyBytes: number;
  /** bits per second of the copy as a player drains it: its bytes over its length */
  copyBits: number;
  cached: boolean;
}

/** The clip and its copies, made now or found in the cache. */
async function clipAndCopy(): Promise<{ original: string; made: MadeRendition[]; cached: boolean }> {
  const original = path.join(CACHE, 'clip.mp4');
  const madeFile = path.join(CACHE, 'made.json');
  if (fs.existsSync(madeFile)) return { original, made: JSON.parse(fs.readFileSync(madeFile, 'utf8')) as MadeRendition[], cached: true };
  fs.rmSync(CACHE, { recursive: true, force: true });
  fs.mkdirSync(CACHE, { recursive: true });
  // 720p at 2.5 Mbit/s: a phone's clip shared on WhatsApp rather than straight from the camera, so it is made in seconds.
  await makeClip(original, { width: 1280, height: 720, seconds: CLIP_SECONDS, bitrate: '2500k' });
  const workDir = path.join(CACHE, 'copies');
  fs.mkdirSync(workDir);
  const tools = findTools();
  const made = await makeVideo(
    { tools, workDir, threads: 2, stallSeconds: 300, signal: new AbortController().signal, onProgress: () => undefined, onStart: () => undefined },
    { file: original, mime: 'video/mp4' },
    fs.statSync(original).size,
  );
  fs.writeFileSync(madeFile, JSON.stringify(made));
  return { original, made, cached: false };
}

/**
 * Uploads the clip as `TITLES.length` published videos to the library in
 * `dataDir` (a server of its own, stopped after) and records its phone copy.
 */
export async function addVillageVideos(dataDir: string): Promise<VillageVideos> {
  const { original, made, cached } = await clipAndCopy();
  const size = fs.statSync(original).size;
  const server = await startServer(dataDir);
  const ids: number[] = [];
  let sha = '';
  try {
    const token = await loginAdmin(server.base);
    const handle = await fs.promises.open(original);
    try {
      for (const title of TITLES) {
        const up = await uploadResource(server.base, token, {
          title, type: RESOURCE_TYPES.VIDEO, name: 'VID_20261204_1930.mp4', size,
          chunk: async (_index, offset, length) => (await handle.read(Buffer.alloc(length), 0, length, offset)).buffer,
        });
        ids.push(up.resourceId);
        sha = /([0-9a-f]{64})/.exec(up.mediaUrl ?? '')?.[1] ?? sha;
      }
    } finally {
      await handle.close();
    }
  } finally {
    await server.stop();
  }
  // The store links the copies in: they are copied next to it first, so the cache keeps its own.
  const work = fs.mkdtempSync(path.join(dataDir, 'village-copies-'));
  const here = made.map((m) => {
    const file = path.join(work, path.basename(m.file));
    fs.copyFileSync(m.file, file);
    return { ...m, file };
  });
  const db = openDatabase(path.join(dataDir, 'portal.db'));
  try {
    queueJob(db, sha);
    if (!(await storeRenditions(db, dataDir, sha, here))) throw new Error('bench: the village clip\'s copies were not stored');
  } finally {
    db.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
  const copy = here.find((m) => m.kind === 'video');
  const copyBytes = copy ? fs.statSync(made.find((m) => m.kind === 'video')?.file ?? '').size : NaN;
  return { ids, clipSeconds: CLIP_SECONDS, originalBytes: size, copyBytes, copyBits: (copyBytes * 8) / CLIP_SECONDS, cached };
}
