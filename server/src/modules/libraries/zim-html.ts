/**
 * What the kit changes in a library's HTML pages as it serves them, and
 * nothing more: the frame script (the reader page keeps its address in step
 * with the article) and links to the internet, which lead to the portal's
 * notice that they need a connection (docs/API-contributions.md#bibliotecas-zim).
 * The page is worked on as latin1 text so every byte comes back as it was,
 * whatever the page's encoding, and only ASCII patterns are matched.
 */

/** Served beside the articles; external, so the articles' policy needs no inline exception for it. */
export const ZIM_FRAME_SCRIPT_PATH = '/zim-frame.js';
/** Part of every rewritten page's ETag: a change to the rewrite changes what caches hold. */
export const ZIM_REWRITE_VERSION = 1;

const FRAME_SCRIPT_TAG = `<script src="${ZIM_FRAME_SCRIPT_PATH}" defer></script>`;

const A_TAG = /<a\b[^>]*>/gi;
const HREF = /(\shref\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
const TARGET = /\starget\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+)/gi;
const OUTSIDE = /^\s*(?:https?:)?\/\//i;

/** The character references a URL in an attribute usually carries. */
const decodeAttribute = (value: string): string =>
  value.replace(/&(amp|quot|apos|#38|#39|#34);/gi, (_, name: string) => ({ amp: '&', '#38': '&', quot: '"', '#34': '"', apos: "'", '#39': "'" })[name.toLowerCase()] ?? '');

/** The notice page's address for an outside link (the web route /resource/{id}/read-outside). */
export const outsideNotice = (resourceId: number, url: string): string => `/resource/${resourceId}/read-outside?to=${encodeURIComponent(url)}`;

/** One <a> tag: an http(s) link becomes the notice, opened in the whole window (target _top), not in the frame. */
function rewriteLinkTag(tag: string, resourceId: number): string {
  const href = HREF.exec(tag);
  if (!href) return tag;
  const raw = href[2] ?? href[3] ?? href[4] ?? '';
  if (!OUTSIDE.test(raw)) return tag;
  let url = Buffer.from(decodeAttribute(raw).trim(), 'latin1').toString('utf8');
  if (url.startsWith('//')) url = `https:${url}`;
  // encodeURIComponent leaves no quote or ampersand to escape in the attribute
  const link = `${href[1]}"${outsideNotice(resourceId, url)}"`;
  const rewritten = tag.replace(HREF, () => link).replace(TARGET, '');
  return rewritten.replace(/\s*\/?>$/, (end) => ` target="_top"${end}`);
}

/** The frame script goes at the end of <head>, else of <body>, else of the page. */
function withFrameScript(html: string): string {
  for (const closing of [/<\/head\s*>/i, /<\/body\s*>/i]) {
    const at = html.search(closing);
    if (at !== -1) return html.slice(0, at) + FRAME_SCRIPT_TAG + html.slice(at);
  }
  return html + FRAME_SCRIPT_TAG;
}

/** A library's HTML page as the reader frame gets it. */
export function rewriteArticle(bytes: Buffer, resourceId: number): Buffer {
  const html = bytes.toString('latin1').replace(A_TAG, (tag) => rewriteLinkTag(tag, resourceId));
  return Buffer.from(withFrameScript(html), 'latin1');
}

/** The MIME types served through rewriteArticle. */
export const isArticleHtml = (mimeType: string): boolean => /^text\/html\b/i.test(mimeType);
