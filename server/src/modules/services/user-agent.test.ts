import { describe, expect, it } from 'vitest';
import { detectClient } from './user-agent.ts';

const win = (browser: string) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) ${browser}`;

describe('detectClient', () => {
  it.each([
    // SPEC §5 limits, the version just below (old) and the limit itself (fine).
    [win('AppleWebKit/537.36 (KHTML, like Gecko) Chrome/47.0.2526.73 Safari/537.36'), true],
    [win('AppleWebKit/537.36 (KHTML, like Gecko) Chrome/48.0.2564.97 Safari/537.36'), false],
    [win('Gecko/20100101 Firefox/46.0'), true],
    [win('Gecko/20100101 Firefox/47.0'), false],
    [win('AppleWebKit/537.36 (KHTML, like Gecko) Chrome/47.0 Safari/537.36 OPR/34.0.2036.50'), true],
    [win('AppleWebKit/537.36 (KHTML, like Gecko) Chrome/48.0 Safari/537.36 OPR/35.0.2066.68'), false],
    [win('AppleWebKit/534.57.2 (KHTML, like Gecko) Version/5.1.7 Safari/534.57.2'), true],
    [win('AppleWebKit/601.1 (KHTML, like Gecko) Version/9.0 Safari/601.1'), false],
  ])('flags old browsers: %s → %s', (ua, old) => {
    expect(detectClient(ua).isOldBrowser).toBe(old);
  });

  it.each([
    // Issue 7: one version above each SPEC §5 limit is fine too.
    [win('AppleWebKit/537.36 (KHTML, like Gecko) Chrome/49.0.2623.112 Safari/537.36'), false],
    [win('Gecko/20100101 Firefox/48.0'), false],
    [win('AppleWebKit/537.36 (KHTML, like Gecko) Chrome/49.0 Safari/537.36 OPR/36.0.2130.32'), false],
    [win('AppleWebKit/601.1 (KHTML, like Gecko) Version/10.0 Safari/601.1'), false],
    // The old Android phones a kit meets: the same limits apply (docs/ARCHITECTURE.md).
    ['Mozilla/5.0 (Linux; Android 4.4.2; SM-G350M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/30.0.0.0 Mobile Safari/537.36', true],
    ['Mozilla/5.0 (Android 4.4; Mobile; rv:41.0) Gecko/41.0 Firefox/41.0', true],
    ['Mozilla/5.0 (Linux; Android 9; moto e6) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/87.0.4280.101 Mobile Safari/537.36', false],
  ])('lets through versions above the limits, and flags old Android browsers: %s → %s', (ua, old) => {
    expect(detectClient(ua).isOldBrowser).toBe(old);
  });

  it('tells phones, tablets and desktops apart', () => {
    expect(detectClient('Mozilla/5.0 (Linux; Android 11; SM-A105M) AppleWebKit/537.36 Chrome/119.0 Mobile Safari/537.36')).toEqual({ os: 'android', device: 'smartphone', isOldBrowser: false });
    expect(detectClient('Mozilla/5.0 (Linux; Android 11; SM-T220) AppleWebKit/537.36 Chrome/119.0 Safari/537.36').device).toBe('tablet');
    expect(detectClient('Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 Version/16.0 Mobile/15E148 Safari/604.1')).toMatchObject({ os: 'ios', device: 'smartphone' });
    expect(detectClient('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36')).toEqual({ os: 'linux', device: 'desktop', isOldBrowser: false });
    expect(detectClient(undefined)).toEqual({ os: 'other', device: 'desktop', isOldBrowser: false });
  });
});
