/**
 * The library's pages as the web app asks for them, for the village part's
 * phones (village-phone.ts). Each page is the HTML (when the address is
 * typed) and the API calls its route's loader makes, in the same waves;
 * a page's time runs from its first request to the last byte of its last.
 * The pictures a list shows are fetched too, as a browser would, but not
 * timed with it; a resource page's lead picture is (its largest paint). The app's code is not fetched: the phone's service worker
 * holds it from an earlier visit (`bytes` measures that download).
 *
 * Which calls, checked against chromium opening the built app on a bench
 * server (web/src names each):
 * - /menu typed: the HTML, then /api/v2/session and /api/v2/id/config (route
 *   guard), /api/v2/id/config and /api/v3/fastAccessServices (menuLoader).
 * - /{product} from the menu: config and fastAccessServices (the library
 *   layout's context, fetched once per page life), /api/content/all
 *   (libraryHomeLoader), /api/v2/categories/root/children (the tree).
 * - a category, ?c=: /api/content/all with it and its branch (loader), then
 *   the branch again with the fields the tree and the sidebar ask for.
 * - /search?q=: /api/v3/searchPage and /api/v2/search at once.
 * - /resource/{id}: /api/v2/resource/{id}, then its comments; its cover or
 *   poster is preloaded as soon as the answer names it.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { timedGet, type Timed } from './phones.ts';

export type PageKind = 'menu' | 'library' | 'category' | 'search' | 'resource';
export interface PageTiming { kind: PageKind; ms: number; ok: boolean }

const TREE_FIELDS = 'id,name,childrenCount,priority,status_id';
/** What a phone's browser sends: gzip only, since brotli is offered over HTTPS alone. */
const HEADERS = { 'accept-encoding': 'gzip, deflate', 'user-agent': 'Mozilla/5.0 (Linux; Android 12) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36' };

/** A listed resource as the pages read it: enough to open it and draw its picture. */
interface Listed { id: number; coverUrl?: string | null }

/** One phone's browser: six connections to the kit, as a browser keeps per host. */
export class PhoneBrowser {
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
  requests = 0;
  errors = 0;
  bytes = 0;
  readonly base: string;
  constructor(base: string) {
    this.base = base;
  }

  /** ms of each answer by route (ids and queries left out), shared by the group's phones: which call a slow page waited for */
  static readonly byRoute = new Map<string, number[]>();

  private count(path: string, ms: number, bytes: number, status: number): void {
    this.requests++;
    this.bytes += bytes;
    if (status < 200 || status > 299) this.errors++;
    const route = path.replace(/\?.*$/, '').replace(/\/[0-9a-f]{64}\.\w+$/, '/{file}').replace(/\/\d+(?=\/|$)/g, '/{id}');
    const list = PhoneBrowser.byRoute.get(route) ?? [];
    list.push(ms);
    PhoneBrowser.byRoute.set(route, list);
  }

  async get(path: string, headers: http.OutgoingHttpHeaders = {}): Promise<Timed> {
    const answer = await timedGet(this.agent, `${this.base}${path}`, { ...HEADERS, ...headers });
    this.count(path, answer.ms, answer.bytes, answer.status);
    return answer;
  }

  /** GET and parse JSON (gzip undone); null on failure. Counted like `get`, by the bytes on the air. */
  async json<T>(path: string): Promise<T | null> {
    const t0 = performance.now();
    const t = await new Promise<{ status: number; body: Buffer; gzip: boolean }>((resolve) => {
      const req = http.get(`${this.base}${path}`, { agent: this.agent, headers: HEADERS }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts), gzip: res.headers['content-encoding'] === 'gzip' }));
        res.on('error', () => resolve({ status: 0, body: Buffer.alloc(0), gzip: false }));
      });
      req.on('error', () => resolve({ status: 0, body: Buffer.alloc(0), gzip: false }));
    });
    this.count(path, performance.now() - t0, t.body.length, t.status);
    if (t.status < 200 || t.status > 299) return null;
    return JSON.parse((t.gzip ? zlib.gunzipSync(t.body) : t.body).toString('utf8')) as T;
  }

  close(): void {
    this.agent.destroy();
  }
}

/** A page's waves of calls, timed together; it failed if any of its calls did. */
async function timed<T>(kind: PageKind, work: () => Promise<T>, errorsBefore: number, browser: PhoneBrowser): Promise<{ timing: PageTiming; value: T }> {
  const t0 = performance.now();
  const value = await work();
  return { timing: { kind, ms: performance.now() - t0, ok: browser.errors === errorsBefore }, value };
}

/** The pictures a list or a page names, fetched beside it as the browser does, untimed. */
function pictures(browser: PhoneBrowser, urls: (string | null | undefined)[]): void {
  for (const url of urls) if (url) void browser.get(url);
}

export async function openMenu(browser: PhoneBrowser): Promise<PageTiming> {
  return (await timed('menu', async () => {
    await browser.get('/menu', { accept: 'text/html' });
    await Promise.all(['/api/v2/session', '/api/v2/id/config', '/api/v2/id/config', '/api/v3/fastAccessServices'].map((p) => browser.get(p)));
  }, browser.errors, browser)).timing;
}

export interface LibraryView { resources: Listed[]; categories: number[] }

export async function openLibrary(browser: PhoneBrowser, page = 1): Promise<{ timing: PageTiming; view: LibraryView }> {
  const { timing, value } = await timed('library', async () => {
    const [, , list, tree] = await Promise.all([
      browser.get('/api/v2/id/config'),
      browser.get('/api/v3/fastAccessServices'),
      browser.json<{ data: Listed[] }>(`/api/content/all?page=${page}`),
      browser.json<{ data: { id?: number }[] }>(`/api/v2/categories/root/children?fields=${encodeURIComponent(TREE_FIELDS)}`),
    ]);
    return { resources: list?.data ?? [], categories: (tree?.data ?? []).flatMap((c) => (c.id === undefined ? [] : [c.id])) };
  }, browser.errors, browser);
  pictures(browser, value.resources.map((r) => r.coverUrl));
  return { timing, view: value };
}

export async function openCategory(browser: PhoneBrowser, category: number): Promise<{ timing: PageTiming; resources: Listed[] }> {
  const { timing, value } = await timed('category', async () => {
    const [list] = await Promise.all([
      browser.json<{ data: Listed[] }>(`/api/content/all?page=1&category=${category}`),
      browser.get(`/api/v2/categories/${category}/branch?fields=${encodeURIComponent(TREE_FIELDS)}`),
    ]);
    await Promise.all([browser.get(`/api/v2/categories/${category}/branch?fields=id`), browser.get(`/api/v2/categories/${category}/branch?fields=${encodeURIComponent('id,name')}`)]);
    return list?.data ?? [];
  }, browser.errors, browser);
  pictures(browser, value.map((r) => r.coverUrl));
  return { timing, resources: value };
}

export async function search(browser: PhoneBrowser, q: string): Promise<{ timing: PageTiming; resources: Listed[] }> {
  const query = encodeURIComponent(q);
  const { timing, value } = await timed('search', async () => {
    const [found] = await Promise.all([browser.json<{ data: Listed[] }>(`/api/v3/searchPage?q=${query}`), browser.get(`/api/v2/search?q=${query}`)]);
    return found?.data ?? [];
  }, browser.errors, browser);
  pictures(browser, value.map((r) => r.coverUrl));
  return { timing, resources: value };
}

/** What the player needs of a resource page: its phone copy, if any. */
export interface ResourceView { copy: { url: string; bytes: number } | null }

export async function openResource(browser: PhoneBrowser, id: number): Promise<{ timing: PageTiming; view: ResourceView }> {
  type Detail = { coverUrl: string | null; renditions?: { kind: string; url: string; bytes: number }[] };
  const { timing, value } = await timed('resource', async () => {
    const detail = await browser.json<Detail>(`/api/v2/resource/${id}`);
    // The lead picture is preloaded at high priority while the page's code runs (resource-early.ts): part of the page.
    const lead = detail?.coverUrl ?? detail?.renditions?.find((r) => r.kind === 'poster')?.url ?? null;
    await Promise.all([browser.get(`/api/comments/${id}?page=1`), lead ? browser.get(lead) : null]);
    const copy = detail?.renditions?.find((r) => r.kind === 'video');
    return { copy: copy ? { url: copy.url, bytes: copy.bytes } : null };
  }, browser.errors, browser);
  return { timing, view: value };
}
