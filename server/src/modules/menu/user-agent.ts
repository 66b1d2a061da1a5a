import { isBelowBrowserFloor } from '@kit/contract';

/** What the server can tell about a phone from its User-Agent (the client config's os, device and isOldBrowser). */
export interface ClientInfo {
  os: 'android' | 'ios' | 'windows' | 'macos' | 'linux' | 'other';
  device: 'smartphone' | 'tablet' | 'desktop';
  isOldBrowser: boolean;
}

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
  // Too old to run the app (docs/BROWSERS.md): the same floor the web is built for.
  return { os, device: tablet ? 'tablet' : phone ? 'smartphone' : 'desktop', isOldBrowser: isBelowBrowserFloor(ua) };
}
