import { createHash } from 'node:crypto';

/**
 * The policy of the app's own pages (index.html, the static shell, every
 * other answer): scripts and workers only from the kit itself (the build
 * writes no inline script: index.html loads its entry by URL, and Vite's
 * modulepreload polyfill sits inside that entry), so a script that slipped
 * into a page or a stored file never runs in the kit's origin. Pictures and
 * media may also be data: and blob: URLs (a video's first frame read on the
 * phone before upload, covers drawn in the page). No plugins, no <base> that
 * moves relative URLs elsewhere, forms post only to the kit, and no other
 * site may frame the portal.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The page policy for a server-written page whose one inline <style> is
 * `style`: allowed by its hash, nothing else inline. 'unsafe-inline' is for
 * the browsers too old to know hashes (the ones such a page is for); every
 * browser that knows hashes ignores it when a hash is present.
 */
export function pageCspWithStyle(style: string): string {
  const hash = createHash('sha256').update(style, 'utf8').digest('base64');
  return PAGE_CSP.replace("style-src 'self'", `style-src 'self' 'unsafe-inline' 'sha256-${hash}'`);
}

/** The last policy made by pageCspFor, with the hub address it was made for. */
let lastCsp: { hubUrl: string | null; csp: string } = { hubUrl: null, csp: PAGE_CSP };

/**
 * The page policy where the app also posts to the kit's hub: phones carry the
 * kit's signed report there and bring the answer back (docs/SYNC.md,
 * "Carried by phones"). Only that one origin, never any site.
 */
export function pageCspFor(hubUrl: string | null): string {
  // every answer asks, and the hub's address almost never changes: the last policy is kept
  if (hubUrl === lastCsp.hubUrl) return lastCsp.csp;
  let csp = PAGE_CSP;
  if (hubUrl !== null) {
    try {
      csp = PAGE_CSP.replace("connect-src 'self'", `connect-src 'self' ${new URL(hubUrl).origin}`);
    } catch {
      csp = PAGE_CSP;
    }
  }
  lastCsp = { hubUrl, csp };
  return csp;
}
/** Other sites (a tile's target) learn nothing of the page a villager came from. */
export const REFERRER_POLICY = 'same-origin';
