import { describe, expect, it } from 'vitest';
import { needsCompactCopy } from './audio.ts';
import { JOB_MAX_SECONDS, jobLimitSeconds } from './bounds.ts';
import type { AudioStream, MediaInfo, VideoStream } from './probe.ts';
import { planVideo } from './video.ts';

/*
 * What a file needs before phones get it, decided from ffprobe's facts alone:
 * the choices the encode tests reach only through real files, at their edges.
 */

const video = (over: Partial<VideoStream> = {}): VideoStream => ({
  codec: 'h264', profile: 'Main', pixFmt: 'yuv420p', width: 854, height: 480, fps: 30, bitrate: null, frames: null, duration: 10, ...over,
});
const sound = (over: Partial<AudioStream> = {}): AudioStream => ({ codec: 'aac', bitrate: 96_000, channels: 2, duration: 10, ...over });
const media = (over: Partial<MediaInfo> = {}): MediaInfo => ({ duration: 10, bitrate: 700_000, video: video(), audio: sound(), ...over });

describe('planVideo', () => {
  it('keeps a light, fast-start H.264 MP4 as it is, and only moves the index of one that lacks it', () => {
    expect(planVideo(media(), true, true)).toBe('keep');
    expect(planVideo(media(), true, false)).toBe('remux');
    expect(planVideo(media({ video: video({ width: 480, height: 854 }) }), true, true)).toBe('keep');
  });

  it('encodes what is larger than 480p, heavier than a phone needs, or not in a form every phone plays', () => {
    expect(planVideo(media({ video: video({ width: 1280, height: 720 }) }), true, true)).toBe('encode');
    expect(planVideo(media({ bitrate: 1_000_001 }), true, true)).toBe('encode');
    expect(planVideo(media({ bitrate: null }), true, true)).toBe('encode');
    expect(planVideo(media({ video: video({ codec: 'hevc' }) }), true, true)).toBe('encode');
    expect(planVideo(media({ video: video({ pixFmt: 'yuv420p10le' }) }), true, true)).toBe('encode');
    expect(planVideo(media({ video: video({ profile: 'High 10' }) }), true, true)).toBe('encode');
    expect(planVideo(media({ audio: sound({ codec: 'opus' }) }), true, true)).toBe('encode');
    expect(planVideo(media(), false, true)).toBe('encode');
    expect(planVideo(media({ video: null }), true, true)).toBe('encode');
  });
});

describe('needsCompactCopy', () => {
  it('leaves compressed sound at a phone\'s need alone', () => {
    expect(needsCompactCopy(media({ video: null, audio: sound({ codec: 'mp3', bitrate: 192_000 }) }))).toBe(false);
    expect(needsCompactCopy(media({ video: null, audio: null }))).toBe(false);
  });

  it('makes one for uncompressed or lossless sound, sound above the need, or a format phones do not all play', () => {
    expect(needsCompactCopy(media({ video: null, audio: sound({ codec: 'pcm_s16le', bitrate: 1_411_200 }) }))).toBe(true);
    expect(needsCompactCopy(media({ video: null, audio: sound({ codec: 'flac', bitrate: 90_000 }) }))).toBe(true);
    expect(needsCompactCopy(media({ video: null, audio: sound({ codec: 'mp3', bitrate: 320_000 }) }))).toBe(true);
    expect(needsCompactCopy(media({ video: null, bitrate: 256_000, audio: sound({ codec: 'aac', bitrate: null }) }))).toBe(true);
  });
});

describe('jobLimitSeconds', () => {
  it('grows with the media, but no claimed length buys a job more than its ceiling', () => {
    expect(jobLimitSeconds(60)).toBe(300 + 8 * 60);
    expect(jobLimitSeconds(5_000_000)).toBe(JOB_MAX_SECONDS);
    expect(JOB_MAX_SECONDS).toBeLessThanOrEqual(6 * 3600);
  });
});
