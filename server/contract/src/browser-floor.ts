/**
 * The oldest browsers that run the app (docs/BROWSERS.md says why), and how
 * to tell a browser below them from its User-Agent.
 *
 * One definition for both sides: web/vite.config.ts builds for
 * BUILD_SYNTAX, so the bundler may emit nothing these browsers cannot parse,
 * and the server sends a browser below them to the plain-HTML browser page on
 * a kit instead of an app it cannot start. The floor is set by the syntax of
 * the build (ES2020: optional chaining `?.` and `??` are the newest it
 * emits); ES modules, dynamic import and every API the app calls unguarded
 * are older than that (web/test/browser-floor.test.ts checks the build).
 */
export const BROWSER_FLOOR = {
  /** Chrome and every Chromium browser: Android WebView, Samsung Internet 13+, Opera 67+, Edge 80+, UC Browser 13.6+ */
  chromium: 80,
  /** Firefox and Gecko browsers: KaiOS 3 (Firefox 84) runs the app, KaiOS 2.5 (Firefox 48) does not */
  firefox: 74,
  /** Safari 13.1, which iOS 13.4 brings: every browser on iOS runs Safari's engine */
  safari: [13, 1],
  ios: [13, 4],
} as const;

/**
 * The newest JavaScript the web build may emit (Vite's build.target is
 * `es${BUILD_SYNTAX}`). Not a list of browser versions: for those the
 * bundler also lowers `?.` (an engine bug of Chrome before 91), which costs
 * /menu's download and fixes nothing the app meets.
 */
export const BUILD_SYNTAX = 2020;

/**
 * Safari has reported its engine as 605.1.15 since version 11: a WebKit
 * browser naming no browser we know (the old Android browser's "Version/4.0
 * Mobile Safari/534.30", UC Browser's U3, a feature phone's WebKit) with an
 * older engine than that is too old.
 */
const MODERN_WEBKIT = 605;

type Version = readonly [number, number];

function versionOf(pattern: RegExp, ua: string): Version | null {
  const match = pattern.exec(ua);
  return match ? [Number(match[1]), Number(match[2] ?? 0)] : null;
}

const below = (version: Version, floor: Version): boolean => version[0] < floor[0] || (version[0] === floor[0] && version[1] < floor[1]);

/**
 * Whether a browser is known to be unable to run the app. Decided by its
 * engine, the first rule that applies: an unknown agent (curl, a probe, a
 * crawler, no header) is never called old, since sending it elsewhere helps
 * nobody.
 */
export function isBelowBrowserFloor(userAgent: string | undefined): boolean {
  const ua = userAgent ?? '';
  // Internet Explorer; Opera's Presto, including Opera Mini, whose pages are drawn on Opera's servers.
  if (/MSIE |Trident\/|Presto\/|Opera Mini\//.test(ua)) return true;
  // Chrome, Firefox and the others on iOS all run the system's WebKit: the iOS version decides.
  const ios = versionOf(/(?:iPhone|iPad|iPod)\b.*? OS (\d+)_(\d+)/, ua);
  if (ios) return below(ios, BROWSER_FLOOR.ios);
  const gecko = versionOf(/Firefox\/(\d+)/, ua) ?? versionOf(/\brv:(\d+)[.\d]*\) Gecko\//, ua);
  if (gecko) return gecko[0] < BROWSER_FLOOR.firefox;
  // Every Chromium browser names the Chromium it is built on (Samsung Internet, Opera, Edge, UC Browser, WebViews).
  const chromium = versionOf(/(?:Chrome|Chromium)\/(\d+)/, ua);
  if (chromium) return chromium[0] < BROWSER_FLOOR.chromium;
  const safari = versionOf(/Version\/(\d+)(?:\.(\d+))?.* Safari\//, ua);
  if (safari) return below(safari, BROWSER_FLOOR.safari);
  const webkit = versionOf(/AppleWebKit\/(\d+)/, ua);
  if (webkit) return webkit[0] < MODERN_WEBKIT;
  return false;
}
