import type { RenditionKind } from '@kit/contract';
import type { Tools } from './tools.ts';

/** What a job needs to make a file's phone copies. */
export interface MakeContext {
  tools: Tools;
  /** the job's own folder on the data disk (renamed into the store from there) */
  workDir: string;
  /** ffmpeg threads */
  threads: number;
  /** an encoder silent this long is taken as hung and killed */
  stallSeconds: number;
  /** the server is closing */
  signal: AbortSignal;
  /** 0–1 */
  onProgress: (fraction: number) => void;
  /** a tool's process group started (kept so a restart can end it) */
  onStart: (pid: number) => void;
}

/** A phone copy made in the work folder, not stored yet. */
export interface MadeRendition {
  kind: RenditionKind;
  file: string;
  width: number | null;
  height: number | null;
  /** bits per second (video, audio) */
  bitrate: number | null;
}

/** A copy that saves less than this share of the original's bytes is not worth a second file. */
export const WORTH_KEEPING = 0.8;
