/**
 * A phone's video player on the kit's phone copy, for the village part: HTTP
 * range reads of a few seconds of the file each, one at a time, as long as
 * less than BUFFER_AHEAD_S is buffered; playback starts once START_S is
 * buffered and drains the buffer at the file's bitrate; when it runs dry the
 * picture stalls until START_S is buffered again. Bytes stand for seconds
 * at the file's average rate (the copy has its index first, so its first
 * bytes are what a player needs first).
 */
import type { PhoneBrowser } from './village-pages.ts';

const START_S = 2;
const BUFFER_AHEAD_S = 10;
const CHUNK_S = 2;
const TICK_MS = 100;
const RETRY_MS = 500;

export interface Viewing {
  /** ms from pressing play to the first picture moving; null if it never did */
  startMs: number | null;
  /** seconds of the copy seen, and seconds spent stalled after it started */
  watchedS: number;
  stalledS: number;
  stalls: number;
  /** range reads that failed (each retried) */
  failedReads: number;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Plays `copy` for `watchS` seconds of video or until `deadline` (performance.now() time), whichever comes first. */
export async function watch(browser: PhoneBrowser, copy: { url: string; bytes: number }, bitsPerSecond: number, watchS: number, deadline: number): Promise<Viewing> {
  const bytesPerS = bitsPerSecond / 8;
  const length = copy.bytes / bytesPerS;
  const target = Math.min(watchS, length);
  const t0 = performance.now();
  let fetched = 0;
  let position = 0;
  let playing = false;
  let startMs: number | null = null;
  let stalledS = 0;
  let stalls = 0;
  let failedReads = 0;
  let finished = false;
  const buffered = (): number => fetched / bytesPerS - position;

  const reader = async (): Promise<void> => {
    while (!finished && fetched < copy.bytes) {
      if (buffered() >= BUFFER_AHEAD_S) {
        await sleep(TICK_MS);
        continue;
      }
      const end = Math.min(copy.bytes, fetched + Math.round(CHUNK_S * bytesPerS)) - 1;
      const read = await browser.get(copy.url, { range: `bytes=${fetched}-${end}` });
      if (read.status === 206 && read.bytes === end - fetched + 1) fetched = end + 1;
      else {
        failedReads++;
        await sleep(RETRY_MS);
      }
    }
  };

  const clock = async (): Promise<void> => {
    let last = performance.now();
    while (position < target && performance.now() < deadline) {
      await sleep(TICK_MS);
      const now = performance.now();
      const dt = (now - last) / 1000;
      last = now;
      const complete = fetched >= copy.bytes;
      if (playing) {
        position = Math.min(position + dt, fetched / bytesPerS);
        if (buffered() <= 0 && !complete) {
          playing = false;
          stalls++;
        }
      } else {
        if (startMs !== null) stalledS += dt;
        if (buffered() >= Math.min(START_S, length - position) || complete) {
          playing = true;
          startMs ??= now - t0;
        }
      }
    }
    finished = true;
  };

  await Promise.all([reader(), clock()]);
  return { startMs, watchedS: position, stalledS, stalls, failedReads };
}
