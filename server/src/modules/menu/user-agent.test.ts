import { BROWSER_FLOOR } from '@kit/contract';
import { describe, expect, it } from 'vitest';
import { detectClient } from './user-agent.ts';

/*
 * Real User-Agent strings of the phones and browsers a kit meets in rural
 * Latin America, each marked by whether it can run the app (docs/BROWSERS.md:
 * the build needs ES2020, i.e. Chromium 80, Firefox 74, Safari 13.1 / iOS 13.4).
 */
const ABLE = true;
const TOO_OLD = false;
const PHONES: ReadonlyArray<[string, string, boolean]> = [
  // The old Android browser (WebKit 533/534, before Chrome), and the KitKat WebView that replaced it.
  ['Android 2.3 browser, Galaxy Y', 'Mozilla/5.0 (Linux; U; Android 2.3.6; es-us; GT-S5360L Build/GINGERBREAD) AppleWebKit/533.1 (KHTML, like Gecko) Version/4.0 Mobile Safari/533.1', TOO_OLD],
  ['Android 4.0 browser, Galaxy S Advance', 'Mozilla/5.0 (Linux; U; Android 4.0.4; es-es; GT-I9070 Build/IMM76I) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30', TOO_OLD],
  ['Android 4.1 browser, Galaxy S III mini', 'Mozilla/5.0 (Linux; U; Android 4.1.2; es-us; GT-I8190L Build/JZO54K) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30', TOO_OLD],
  ['Android 4.2 browser, Alcatel One Touch', 'Mozilla/5.0 (Linux; U; Android 4.2.2; es-mx; ALCATEL ONE TOUCH 4033A Build/JDQ39) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30', TOO_OLD],
  ['Android 4.4 browser (WebView 30), Galaxy Ace 4', 'Mozilla/5.0 (Linux; Android 4.4.2; SM-G350M Build/KOT49H) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/30.0.0.0 Mobile Safari/537.36', TOO_OLD],
  ['Android 4.4 browser (WebView 33), Moto G', 'Mozilla/5.0 (Linux; Android 4.4.4; XT1033 Build/KXB21.14-L1.40) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/33.0.0.0 Mobile Safari/537.36', TOO_OLD],
  // Samsung Internet names the Chromium it is built on.
  ['Samsung Internet 4, Galaxy J2', 'Mozilla/5.0 (Linux; Android 5.1.1; SAMSUNG SM-J200M Build/LMY47X) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 Chrome/44.0.2403.133 Mobile Safari/537.36', TOO_OLD],
  ['Samsung Internet 7.2, Galaxy J7 Prime', 'Mozilla/5.0 (Linux; Android 7.0; SAMSUNG SM-G610M Build/NRD90M) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/7.2 Chrome/59.0.3071.125 Mobile Safari/537.36', TOO_OLD],
  ['Samsung Internet 12.1, Galaxy A10', 'Mozilla/5.0 (Linux; Android 10; SAMSUNG SM-A102U) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/12.1 Chrome/79.0.3945.136 Mobile Safari/537.36', TOO_OLD],
  ['Samsung Internet 13, Galaxy A20', 'Mozilla/5.0 (Linux; Android 10; SAMSUNG SM-A205G) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/13.0 Chrome/83.0.4103.106 Mobile Safari/537.36', ABLE],
  ['Samsung Internet 23, Galaxy A14', 'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-A145M) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36', ABLE],
  // UC Browser: the U3 engine, then Chromium 40, 78 and 100.
  ['UC Browser 11 (U3), Galaxy J5', 'Mozilla/5.0 (Linux; U; Android 6.0.1; es-LA; SM-J500M Build/MMB29M) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 UCBrowser/11.0.5.850 U3/0.8.0 Mobile Safari/534.30', TOO_OLD],
  ['UC Browser 11.3, Huawei Mate 7', 'Mozilla/5.0 (Linux; U; Android 4.4.2; es-LA; HUAWEI MT7-L09 Build/HuaweiMT7-L09) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/40.0.2214.89 UCBrowser/11.3.8.909 Mobile Safari/537.36', TOO_OLD],
  ['UC Browser 13.3, Oppo A3s', 'Mozilla/5.0 (Linux; U; Android 8.1.0; es-LA; CPH1803 Build/OPM1.171019.026) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/78.0.3904.108 UCBrowser/13.3.2.1303 Mobile Safari/537.36', TOO_OLD],
  ['UC Browser 13.6, Galaxy A12', 'Mozilla/5.0 (Linux; U; Android 12; es-LA; SM-A125M Build/SP1A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/100.0.4896.58 UCBrowser/13.6.0.1315 Mobile Safari/537.36', ABLE],
  // Opera Mini's pages are drawn by Presto on Opera's servers; Opera for Android is Chromium.
  ['Opera Mini 36 on Android', 'Opera/9.80 (Android; Opera Mini/36.2.2254/119.132; U; es) Presto/2.12.423 Version/12.16', TOO_OLD],
  ['Opera Mini 4.5 on a feature phone', 'Opera/9.80 (J2ME/MIDP; Opera Mini/4.5.40318/191.227; U; es) Presto/2.12.423 Version/12.16', TOO_OLD],
  ['Opera 30 for Android', 'Mozilla/5.0 (Linux; Android 5.0.2; SM-G530M Build/LRX22G) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/43.0.2357.93 Mobile Safari/537.36 OPR/30.0.1856.93524', TOO_OLD],
  ['Opera 60 for Android', 'Mozilla/5.0 (Linux; Android 10; VOG-L29) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/85.0.4183.127 Mobile Safari/537.36 OPR/60.2.3004.55409', ABLE],
  // KaiOS feature phones: 2.5 is Firefox 48, 3.x is Firefox 84.
  ['KaiOS 2.5, Nokia 8110 4G', 'Mozilla/5.0 (Mobile; Nokia_8110_4G; rv:48.0) Gecko/48.0 Firefox/48.0 KAIOS/2.5', TOO_OLD],
  ['KaiOS 2.5.2, Alcatel', 'Mozilla/5.0 (Mobile; ALCATEL 4052Z; rv:48.0) Gecko/48.0 Firefox/48.0 KAIOS/2.5.2', TOO_OLD],
  ['KaiOS 3.1, Nokia 2780 Flip', 'Mozilla/5.0 (Mobile; Nokia 2780 Flip; rv:84.0) Gecko/84.0 Firefox/84.0 KAIOS/3.1', ABLE],
  // Chrome for Android of several ages (and a WebView inside an app).
  ['Chrome 49, Galaxy S4 mini', 'Mozilla/5.0 (Linux; Android 4.4.2; GT-I9195L Build/KOT49H) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/49.0.2623.105 Mobile Safari/537.36', TOO_OLD],
  ['Chrome 71, Galaxy Grand Neo', 'Mozilla/5.0 (Linux; Android 4.2.2; GT-I9060L Build/JDQ39) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/71.0.3578.99 Mobile Safari/537.36', TOO_OLD],
  ['Chrome 79, LG K4', 'Mozilla/5.0 (Linux; Android 6.0; LG-K220 Build/MXB48T) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.116 Mobile Safari/537.36', TOO_OLD],
  ['WebView 78 in an app, Moto G7 Play', 'Mozilla/5.0 (Linux; Android 9; moto g(7) play Build/PCYS29.105-134-1; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/78.0.3904.96 Mobile Safari/537.36', TOO_OLD],
  ['Chrome 80, Moto E5 Play', 'Mozilla/5.0 (Linux; Android 8.1.0; moto e5 play) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/80.0.3987.99 Mobile Safari/537.36', ABLE],
  ['Chrome 87, Moto E6', 'Mozilla/5.0 (Linux; Android 9; moto e6) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/87.0.4280.101 Mobile Safari/537.36', ABLE],
  ['Chrome 124, Android 10', 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36', ABLE],
  ['Huawei Browser 12', 'Mozilla/5.0 (Linux; Android 10; HarmonyOS; YAL-AL10; HMSCore 6.3.0.327) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/92.0.4515.105 HuaweiBrowser/12.0.3.310 Mobile Safari/537.36', ABLE],
  // Firefox for Android of several ages.
  ['Firefox 41 for Android 4.4', 'Mozilla/5.0 (Android 4.4; Mobile; rv:41.0) Gecko/41.0 Firefox/41.0', TOO_OLD],
  ['Firefox 68 for Android', 'Mozilla/5.0 (Android 7.0; Mobile; rv:68.0) Gecko/68.0 Firefox/68.0', TOO_OLD],
  ['Firefox 79 for Android', 'Mozilla/5.0 (Android 10; Mobile; rv:79.0) Gecko/79.0 Firefox/79.0', ABLE],
  ['Firefox 115 for Android', 'Mozilla/5.0 (Android 13; Mobile; rv:115.0) Gecko/115.0 Firefox/115.0', ABLE],
  // iPhones: every iOS browser runs Safari's engine, so Chrome for iOS on iOS 12 is too old.
  ['Safari, iPhone 6 on iOS 12', 'Mozilla/5.0 (iPhone; CPU iPhone OS 12_5_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1', TOO_OLD],
  ['Chrome 87 for iOS 12', 'Mozilla/5.0 (iPhone; CPU iPhone OS 12_5_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/87.0.4280.77 Mobile/15E148 Safari/604.1', TOO_OLD],
  ['Safari, iPhone on iOS 13.4', 'Mozilla/5.0 (iPhone; CPU iPhone OS 13_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1 Mobile/15E148 Safari/604.1', ABLE],
  ['Safari, iPhone 7 on iOS 15', 'Mozilla/5.0 (iPhone; CPU iPhone OS 15_8 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6.6 Mobile/15E148 Safari/604.1', ABLE],
  // The school's old computers.
  ['Internet Explorer 11, Windows 7', 'Mozilla/5.0 (Windows NT 6.1; WOW64; Trident/7.0; rv:11.0) like Gecko', TOO_OLD],
  ['Edge 18 (before Chromium), Windows 10', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19041', TOO_OLD],
  ['Firefox 73, Windows 7', 'Mozilla/5.0 (Windows NT 6.1; Win64; x64; rv:73.0) Gecko/20100101 Firefox/73.0', TOO_OLD],
  ['Firefox 115 ESR, Windows 7', 'Mozilla/5.0 (Windows NT 6.1; Win64; x64; rv:115.0) Gecko/20100101 Firefox/115.0', ABLE],
  ['Chrome 109, Windows 7', 'Mozilla/5.0 (Windows NT 6.1; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.0.0 Safari/537.36', ABLE],
  ['Nokia C3 (Series 40 WebKit)', 'NokiaC3-00/5.0 (08.63) Profile/MIDP-2.1 Configuration/CLDC-1.1 Mozilla/5.0 AppleWebKit/420+ (KHTML, like Gecko) Safari/420+', TOO_OLD],
];

describe('the browser floor', () => {
  it('has a table of at least 25 real phones and browsers, able and too old', () => {
    expect(PHONES.length).toBeGreaterThanOrEqual(25);
    expect(PHONES.filter(([, , able]) => able).length).toBeGreaterThan(5);
    expect(PHONES.filter(([, , able]) => !able).length).toBeGreaterThan(5);
  });

  it.each(PHONES)('%s: able to run the app → %s', (_name, ua, able) => {
    expect(detectClient(ua).isOldBrowser).toBe(!able);
  });

  it('draws the line exactly at the floor of each engine', () => {
    const chrome = (v: number) => `Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Mobile Safari/537.36`;
    const firefox = (v: number) => `Mozilla/5.0 (Android 10; Mobile; rv:${v}.0) Gecko/${v}.0 Firefox/${v}.0`;
    const mac = (v: string) => `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${v} Safari/605.1.15`;
    const iphone = (v: string) => `Mozilla/5.0 (iPhone; CPU iPhone OS ${v} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148`;
    expect([chrome(BROWSER_FLOOR.chromium - 1), chrome(BROWSER_FLOOR.chromium)].map((ua) => detectClient(ua).isOldBrowser)).toEqual([true, false]);
    expect([firefox(BROWSER_FLOOR.firefox - 1), firefox(BROWSER_FLOOR.firefox)].map((ua) => detectClient(ua).isOldBrowser)).toEqual([true, false]);
    expect([mac('13.0.5'), mac('13.1'), mac('14.0')].map((ua) => detectClient(ua).isOldBrowser)).toEqual([true, false, false]);
    expect([iphone('13_3_1'), iphone('13_4'), iphone('16_0')].map((ua) => detectClient(ua).isOldBrowser)).toEqual([true, false, false]);
  });

  const win = (browser: string) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) ${browser}`;
  it.each([
    // Below the specification's limits (Safari 9, Firefox 47, Opera 35, Chrome 48): old then, old now.
    win('AppleWebKit/537.36 (KHTML, like Gecko) Chrome/47.0.2526.73 Safari/537.36'),
    win('Gecko/20100101 Firefox/46.0'),
    win('AppleWebKit/537.36 (KHTML, like Gecko) Chrome/47.0 Safari/537.36 OPR/34.0.2036.50'),
    win('AppleWebKit/534.57.2 (KHTML, like Gecko) Version/5.1.7 Safari/534.57.2'),
    // At or just above those limits: still far below what the build needs.
    win('AppleWebKit/537.36 (KHTML, like Gecko) Chrome/48.0.2564.97 Safari/537.36'),
    win('AppleWebKit/537.36 (KHTML, like Gecko) Chrome/49.0.2623.112 Safari/537.36'),
    win('Gecko/20100101 Firefox/47.0'),
    win('AppleWebKit/537.36 (KHTML, like Gecko) Chrome/48.0 Safari/537.36 OPR/35.0.2066.68'),
    win('AppleWebKit/601.1 (KHTML, like Gecko) Version/9.0 Safari/601.1'),
    win('AppleWebKit/601.1 (KHTML, like Gecko) Version/10.0 Safari/601.1'),
  ])('flags every browser the specification calls old, and those its limits let through that cannot run the app: %s', (ua) => {
    expect(detectClient(ua).isOldBrowser).toBe(true);
  });

  it('never calls an unknown client old: a probe or a script is not a browser to send elsewhere', () => {
    for (const ua of [undefined, '', 'curl/8.5.0', 'Wget/1.21.3', 'Microsoft NCSI', 'CaptiveNetworkSupport-443.100.1 wispr', 'Dalvik/2.1.0 (Linux; U; Android 9; moto e6 Build/PCBS29.73-81-8)']) {
      expect(detectClient(ua).isOldBrowser, String(ua)).toBe(false);
    }
  });
});

describe('detectClient', () => {
  it('tells phones, tablets and desktops apart', () => {
    expect(detectClient('Mozilla/5.0 (Linux; Android 11; SM-A105M) AppleWebKit/537.36 Chrome/119.0 Mobile Safari/537.36')).toEqual({ os: 'android', device: 'smartphone', isOldBrowser: false });
    expect(detectClient('Mozilla/5.0 (Linux; Android 11; SM-T220) AppleWebKit/537.36 Chrome/119.0 Safari/537.36').device).toBe('tablet');
    expect(detectClient('Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 Version/16.0 Mobile/15E148 Safari/604.1')).toMatchObject({ os: 'ios', device: 'smartphone' });
    expect(detectClient('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36')).toEqual({ os: 'linux', device: 'desktop', isOldBrowser: false });
    expect(detectClient(undefined)).toEqual({ os: 'other', device: 'desktop', isOldBrowser: false });
  });
});
