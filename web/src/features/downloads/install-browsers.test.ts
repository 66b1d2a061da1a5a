import { describe, expect, it } from 'vitest';
import { installBrowserOf, installBrowsersFor } from './install-browsers.ts';

const UA = {
  chrome: 'Mozilla/5.0 (Linux; Android 13; SM-A145M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36',
  samsung: 'Mozilla/5.0 (Linux; Android 12; SM-A125M) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
  firefox: 'Mozilla/5.0 (Android 13; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  opera: 'Mozilla/5.0 (Linux; Android 10; moto g(8)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 OPR/79.1.4195.76505',
};

describe('installBrowserOf', () => {
  it.each([
    ['Chrome on Android', UA.chrome, 'chrome'],
    ['Samsung Internet (its user agent also says Chrome)', UA.samsung, 'samsung'],
    ['Firefox on Android', UA.firefox, 'firefox'],
    ['Safari on an iPhone', UA.iphone, 'ios'],
    ['another Chromium browser on Android', UA.opera, 'chrome'],
  ])('%s', (_name, ua, browser) => {
    expect(installBrowserOf(ua)).toBe(browser);
  });

  it('lists the phone’s own browser first, then the others once each', () => {
    expect(installBrowsersFor(UA.firefox)).toEqual(['firefox', 'chrome', 'samsung', 'ios']);
    expect(installBrowsersFor(UA.chrome)).toEqual(['chrome', 'samsung', 'firefox', 'ios']);
  });
});
