/** Stored files (/api/media/<sha256>.<ext>): public and content-addressed, the only API paths a saved copy may answer. */
export function isSavableMedia(url: URL, origin: string): boolean {
  return url.origin === origin && /^\/api\/media\/[0-9a-f]+\.[a-z0-9]+$/i.test(url.pathname);
}

/** Build files left out of the precache (pdf.js modules), cached when first used. */
export function isRuntimeAsset(url: URL, origin: string): boolean {
  return url.origin === origin && /^\/assets\/[^/]+\.mjs$/.test(url.pathname);
}
