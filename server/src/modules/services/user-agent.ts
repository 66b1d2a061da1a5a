/** What the server can tell about a phone from its User-Agent (SPEC §3 Config: os, device, isOldBrowser). */
export interface ClientInfo {
  os: 'android' | 'ios' | 'windows' | 'macos' | 'linux' | 'other';
  device: 'smartphone' | 'tablet' | 'desktop';
  isOldBrowser: boolean;
}

/**
 * SPEC §5: Safari below 9, Firefox below 47, Opera below 35 or Chrome below 48
 * are too old. SPEC states the rule for Windows; it is applied to every OS
 * because an old Android browser cannot run the app either, and those are the
 * phones a kit meets most.
 */
const MINIMUM_VERSIONS: ReadonlyArray<[RegExp, number]> = [
  [/(?:OPR|Opera)\/(\d+)/, 35],
  [/Firefox\/(\d+)/, 47],
  [/(?:Chrome|CriOS)\/(\d+)/, 48],
  [/Version\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//, 9],
];

export function detectClient(userAgent: string | undefined): ClientInfo {
  const ua = userAgent ?? '';
  const os: ClientInfo['os'] = /Android/i.test(ua)
    ? 'android'
    : /iPhone|iPad|iPod/i.test(ua)
      ? 'ios'
      : /Windows/i.test(ua)
        ? 'windows'
        : /Mac OS X|Macintosh/i.test(ua)
          ? 'macos'
          : /Linux|X11/i.test(ua)
            ? 'linux'
            : 'other';
  const tablet = /iPad|Tablet/i.test(ua) || (os === 'android' && !/Mobile/i.test(ua));
  const phone = !tablet && /Mobi|iPhone|iPod|Android/i.test(ua);
  return { os, device: tablet ? 'tablet' : phone ? 'smartphone' : 'desktop', isOldBrowser: isOldBrowser(ua) };
}

function isOldBrowser(ua: string): boolean {
  // Opera and Edge also say "Chrome/": the first rule that matches decides.
  for (const [pattern, minimum] of MINIMUM_VERSIONS) {
    const match = pattern.exec(ua);
    if (match) return Number(match[1]) < minimum;
  }
  return false;
}
