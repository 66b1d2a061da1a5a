import type { ErrorCode } from '../../errors.ts';

/*
 * What one job may cost the kit's only copy worker, whatever a file claims
 * (docs/API-library.md "Phone copies"). A container's duration is only a
 * claim: a 15 KB file can say it lasts two months.
 */

/** Every job may take this long, plus JOB_SECONDS_PER_SECOND per second of media: room for a Pi's software encoder. */
const JOB_BASE_SECONDS = 300;
const JOB_SECONDS_PER_SECOND = 8;
/** And never longer than this (a film of two to three hours on a Pi): the next person's job waits meanwhile. */
export const JOB_MAX_SECONDS = 6 * 3600;
/**
 * Bytes a second of real sound or video takes at the very least: the
 * container's own index and frame headers alone come to more. A file that
 * claims more seconds than its bytes can hold at this rate is refused.
 */
export const MIN_BYTES_PER_SECOND = 16;

export const jobLimitSeconds = (duration: number | null): number => Math.min(JOB_MAX_SECONDS, JOB_BASE_SECONDS + JOB_SECONDS_PER_SECOND * (duration ?? 0));

/** What ffmpeg and ffprobe print when a bound stopped them: the run ends at once, with its reason. */
export const REFUSALS: ReadonlyArray<readonly [RegExp, ErrorCode]> = [
  [/exceeds specified max pixel count/, 'RENDITION_TOO_LARGE'],
  [/Cannot allocate memory/, 'RENDITION_NO_MEMORY'],
];
