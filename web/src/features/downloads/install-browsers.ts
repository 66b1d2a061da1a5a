/** Browsers whose steps to add the portal to the home screen the download page shows. */
export type InstallBrowser = 'chrome' | 'samsung' | 'firefox' | 'ios';

const ORDER: readonly InstallBrowser[] = ['chrome', 'samsung', 'firefox', 'ios'];

/** The browser a user agent most likely is, for the steps to show first; Chrome's for any other Android browser. */
export function installBrowserOf(userAgent: string): InstallBrowser {
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios';
  if (/SamsungBrowser\//.test(userAgent)) return 'samsung';
  if (/Firefox\//.test(userAgent)) return 'firefox';
  return 'chrome';
}

/** Every browser's steps, this phone's own first. */
export function installBrowsersFor(userAgent: string): InstallBrowser[] {
  const mine = installBrowserOf(userAgent);
  return [mine, ...ORDER.filter((browser) => browser !== mine)];
}
