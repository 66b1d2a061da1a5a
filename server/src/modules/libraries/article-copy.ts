import { AppError } from '../../errors.ts';
import type { ZimFile, ZimItem } from '../../zim/zim-file.ts';
import { decodeAttribute } from './zim-html.ts';

/*
 * «Guardar para leer sin conexión» (docs/API-contributions.md#bibliotecas-zim):
 * one article as a single HTML document a phone can keep and show with the kit
 * out of reach. Its pictures, stylesheets and fonts are inlined as data: URIs;
 * scripts and event attributes are left out (the copy is shown in a sandbox
 * without scripts); videos and sounds are not part of a copy. The whole copy
 * is bounded: a phone keeps it in IndexedDB beside saved media.
 */

/** The largest copy: a long article with its pictures is well under this; more is refused (ZIM_COPY_TOO_LARGE). */
export const ARTICLE_COPY_MAX_BYTES = 4 * 1024 * 1024;

export interface ArticleCopy {
  /** the content path of the article copied (a redirect's target) */
  path: string;
  html: string;
}

/** Files a copy inlines; anything else (videos, sounds, scripts, other pages) stays out. */
const INLINED = /^(image\/|font\/|application\/(x-)?font|application\/vnd\.ms-fontobject)/;
const CSS = /^text\/css/;

const ORIGIN = 'https://zim.invalid';

/** The content path a reference in the page at `from` names, or undefined when it leaves the library (http:, data:, //host…). */
export function referencedPath(reference: string, from: string): string | undefined {
  const trimmed = reference.trim();
  if (trimmed === '' || trimmed.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('//')) return undefined;
  const base = `${ORIGIN}/${from.split('/').map(encodeURIComponent).join('/')}`;
  try {
    const url = new URL(trimmed, base);
    return url.origin === ORIGIN ? decodeURIComponent(url.pathname.slice(1)) : undefined;
  } catch {
    return undefined;
  }
}

const attributePattern = (name: string) => new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i');

/** An attribute's value in a start tag, decoded; undefined when absent. */
function attributeOf(tag: string, name: string): string | undefined {
  const match = attributePattern(name).exec(tag);
  return match ? decodeAttribute(match[2] ?? match[3] ?? match[4] ?? '') : undefined;
}

const withoutAttribute = (tag: string, name: string): string => tag.replace(new RegExp(attributePattern(name).source, 'gi'), '');

async function replaceAsync(text: string, pattern: RegExp, replace: (match: RegExpExecArray) => Promise<string>): Promise<string> {
  const parts: string[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    parts.push(text.slice(last, match.index), await replace(match as RegExpExecArray));
    last = match.index + match[0].length;
  }
  return parts.join('') + text.slice(last);
}

/** Reads the ZIM's files for one copy, counting the bytes it grows by against the limit. */
class CopyReader {
  #left: number;
  readonly #zim: ZimFile;
  readonly #dataUris = new Map<string, string | undefined>();

  constructor(zim: ZimFile, maxBytes: number) {
    this.#zim = zim;
    this.#left = maxBytes;
  }

  spend(bytes: number): void {
    this.#left -= bytes;
    if (this.#left < 0) throw new AppError('ZIM_COPY_TOO_LARGE');
  }

  /** The item at a content path, following redirects; undefined when there is none. */
  async item(path: string): Promise<ZimItem | undefined> {
    const entry = await this.#zim.findContent(path);
    return entry && this.#zim.resolve(entry);
  }

  /** An item's bytes, refused before they are read when they alone would pass the limit. */
  async read(item: ZimItem): Promise<Buffer> {
    const bytes = await this.#zim.readItemUpTo(item, this.#left);
    if (!bytes) throw new AppError('ZIM_COPY_TOO_LARGE');
    return bytes;
  }

  /** A picture or font as a data: URI; undefined for what a copy does not inline. */
  async dataUri(path: string): Promise<string | undefined> {
    if (!this.#dataUris.has(path)) {
      const item = await this.item(path);
      const uri = item && INLINED.test(item.mimeType) ? `data:${item.mimeType};base64,${(await this.read(item)).toString('base64')}` : undefined;
      this.#dataUris.set(path, uri);
    }
    const uri = this.#dataUris.get(path);
    if (uri) this.spend(uri.length);
    return uri;
  }

  /** A stylesheet's text with its own pictures and fonts inlined; undefined when the path is not one. */
  async stylesheet(path: string): Promise<string | undefined> {
    const item = await this.item(path);
    if (!item || !CSS.test(item.mimeType)) return undefined;
    return this.css((await this.read(item)).toString('utf8'), path);
  }

  /** CSS with url(…) inlined (relative to `from`) and @import left out. */
  css(text: string, from: string): Promise<string> {
    const noImports = text.replace(/@import[^;]*;/gi, '');
    return replaceAsync(noImports, /url\(\s*(['"]?)([^'")]*)\1\s*\)/gi, async (match) => {
      const path = referencedPath(match[2] ?? '', from);
      const uri = path === undefined ? undefined : await this.dataUri(path);
      return uri ? `url("${uri}")` : match[0];
    });
  }
}

const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script\s*>|<script\b[^>]*>/gi;
const STYLE_BLOCK = /(<style\b[^>]*>)([\s\S]*?)(<\/style\s*>)/gi;
const START_TAG = /<([a-z][a-z0-9-]*)\b[^>]*>/gi;
const EVENT_ATTRIBUTE = /\son[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+)/gi;

/** One start tag of the copy: events gone, pictures and stylesheets inlined, script-bearing links dropped. */
async function copyTag(tag: string, name: string, reader: CopyReader, from: string): Promise<string> {
  let out = tag.replace(EVENT_ATTRIBUTE, '');
  const element = name.toLowerCase();
  // The copy's own <base> (added by selfContained) is the one that counts.
  if (element === 'base') return '';
  if (element === 'link') {
    const rel = (attributeOf(out, 'rel') ?? '').toLowerCase();
    const path = referencedPath(attributeOf(out, 'href') ?? '', from);
    const css = rel.split(/\s+/).includes('stylesheet') && path !== undefined ? await reader.stylesheet(path) : undefined;
    return css === undefined ? '' : `<style>${css}</style>`;
  }
  if (element === 'img' || element === 'source' || element === 'input') {
    // srcset offers the same picture in other sizes: the one in src is enough.
    out = withoutAttribute(out, 'srcset');
    const src = attributeOf(out, 'src');
    const path = src === undefined ? undefined : referencedPath(src, from);
    const uri = path === undefined ? undefined : await reader.dataUri(path);
    if (uri) out = out.replace(attributePattern('src'), ` src="${uri}"`);
  }
  const style = attributeOf(out, 'style');
  if (style?.includes('url(')) {
    const css = await reader.css(style, from);
    out = out.replace(attributePattern('style'), ` style="${css.replace(/"/g, '&quot;')}"`);
  }
  return out;
}

/**
 * Shown in a frame of the reader's page (srcdoc), the copy's relative links
 * resolve against the reader's address, /resource/{id}/read/{path}: that is
 * another article's reader address, to open in the whole window.
 */
const LINKS_TO_TOP = '<base target="_top">';

/** The HTML of a page of the ZIM, made self-contained. */
async function selfContained(html: string, reader: CopyReader, from: string): Promise<string> {
  const noScripts = html.replace(SCRIPT, '');
  const styled = await replaceAsync(noScripts, STYLE_BLOCK, async (m) => `${m[1]}${await reader.css(m[2] ?? '', from)}${m[3]}`);
  const copied = await replaceAsync(styled, START_TAG, (m) => copyTag(m[0], m[1] ?? '', reader, from));
  const head = /<head\b[^>]*>/i.exec(copied);
  return head ? copied.slice(0, head.index + head[0].length) + LINKS_TO_TOP + copied.slice(head.index + head[0].length) : LINKS_TO_TOP + copied;
}

/**
 * The self-contained copy of the article at `contentPath` (the main page for
 * ''). 404 ZIM_ENTRY_NOT_FOUND when the path names no item, 415
 * ZIM_COPY_NOT_ARTICLE when it is not a page, 413 ZIM_COPY_TOO_LARGE when the
 * copy would pass `maxBytes`.
 */
export async function articleCopy(zim: ZimFile, contentPath: string, maxBytes = ARTICLE_COPY_MAX_BYTES): Promise<ArticleCopy> {
  const reader = new CopyReader(zim, maxBytes);
  const item = contentPath === '' ? await zim.mainPage() : await reader.item(contentPath);
  if (!item?.contentPath) throw new AppError('ZIM_ENTRY_NOT_FOUND');
  if (!item.mimeType.startsWith('text/html')) throw new AppError('ZIM_COPY_NOT_ARTICLE');
  const page = (await reader.read(item)).toString('utf8');
  const html = await selfContained(page, reader, item.contentPath);
  if (Buffer.byteLength(html) > maxBytes) throw new AppError('ZIM_COPY_TOO_LARGE');
  return { path: item.contentPath, html };
}
