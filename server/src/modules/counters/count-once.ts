import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hostOf } from '../../access/guards.ts';
import { SlidingWindow } from '../../access/sliding-window.ts';

/**
 * What is being counted: a view is read by our page's (or the group's app's)
 * own API call; a download is a link the person followed.
 */
export type CountKind = 'view' | 'download';

/**
 * Sec-Fetch-Dest and Sec-Fetch-Mode a counted request may carry. An <img>,
 * <script>, <iframe> or no-cors fetch says so in these headers, so a page
 * (ours or another site's) cannot count by embedding the address. A request
 * without them (the group's app, browsers older than the headers) is judged
 * by its Origin and Referer alone.
 */
const ALLOWED: Record<CountKind, { dest: ReadonlySet<string>; mode: ReadonlySet<string> }> = {
  view: { dest: new Set(['empty']), mode: new Set(['cors', 'same-origin']) },
  download: { dest: new Set(['empty', 'document']), mode: new Set(['navigate', 'cors', 'same-origin']) },
};

/** Whether a request may count: not from another site, and not an embed. */
export function isCountable(request: FastifyRequest, kind: CountKind): boolean {
  const header = (name: string): string | undefined => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  const site = header('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const dest = header('sec-fetch-dest');
  if (dest !== undefined && !ALLOWED[kind].dest.has(dest)) return false;
  const mode = header('sec-fetch-mode');
  if (mode !== undefined && !ALLOWED[kind].mode.has(mode)) return false;
  // Browsers without Sec-Fetch-* still name the page that made the request.
  const ownHost = hostOf(`${request.protocol}://${request.host}`);
  for (const from of [header('origin'), header('referer')]) {
    if (from !== undefined && hostOf(from) !== ownHost) return false;
  }
  return true;
}

/** The cookie that tells one anonymous browser from another behind the same address. */
export const VISITOR_COOKIE = 'kp_vid';
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;
const VISITOR_MAX_AGE_SECONDS = 365 * 24 * 3600;

const VISITOR_ID_BYTES = 16;
let idPool = Buffer.alloc(0);
let idPoolOffset = 0;

/**
 * 16 random bytes, base64url. Drawn from a pool filled by one call to the
 * CSPRNG per 256 ids (each byte used once): a call per id cost more than the
 * rest of counting a view for a browser that keeps no cookie.
 */
function newVisitorId(): string {
  if (idPoolOffset + VISITOR_ID_BYTES > idPool.length) {
    idPool = randomBytes(VISITOR_ID_BYTES * 256);
    idPoolOffset = 0;
  }
  idPoolOffset += VISITOR_ID_BYTES;
  return idPool.toString('base64url', idPoolOffset - VISITOR_ID_BYTES, idPoolOffset);
}

export interface CountOnceOptions {
  /** how long one viewer counts once per thing */
  periodMs: number;
  /** distinct anonymous visitors one address may add to one thing per period */
  visitorsPerAddress: number;
  /** (viewer, thing) pairs remembered; the oldest are forgotten first */
  maxKeys: number;
  now?: () => number;
}

/**
 * A day: a resource's views and downloads are kept per day, and "read it
 * again tomorrow" is a fair second view. About forty visitors per address:
 * on a kit every phone has its own address, but a school network may put a
 * classroom behind one NAT router. 50 000 pairs are a village's day many
 * times over, and a few megabytes at most.
 */
export const COUNT_ONCE_DEFAULTS: CountOnceOptions = { periodMs: 24 * 3600_000, visitorsPerAddress: 40, maxKeys: 50_000 };

/**
 * Counters a client cannot inflate: each viewer (a user id; an anonymous one
 * is its address plus a visitor cookie) counts once per thing per period, and
 * one address adds at most `visitorsPerAddress` anonymous viewers however
 * many cookies it makes up. In memory: a restart may count a viewer again.
 */
export class CountOnce {
  readonly #seen: SlidingWindow;
  readonly #visitors: SlidingWindow;

  constructor(options: CountOnceOptions = COUNT_ONCE_DEFAULTS) {
    const now = options.now ?? Date.now;
    this.#seen = new SlidingWindow({ limit: 1, windowMs: options.periodMs }, now, options.maxKeys);
    this.#visitors = new SlidingWindow({ limit: options.visitorsPerAddress, windowMs: options.periodMs }, now, options.maxKeys);
  }

  /**
   * Whether this request counts for COUNTER's thing ID (and marks it
   * counted). An anonymous browser without a visitor cookie gets one, already
   * marked as counted, so it does not count a second time once it sends it.
   */
  take(request: FastifyRequest, reply: FastifyReply, kind: CountKind, counter: string, id: number): boolean {
    if (!isCountable(request, kind)) return false;
    const thing = `${counter}:${id}`;
    if (request.viewer) return this.#once(`${thing}:u:${request.viewer.id}`);

    const cookie = request.cookies[VISITOR_COOKIE];
    const visitor = cookie !== undefined && VISITOR_ID.test(cookie) ? cookie : null;
    const minted = visitor === null ? newVisitorId() : null;
    if (minted !== null) {
      void reply.setCookie(VISITOR_COOKIE, minted, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: VISITOR_MAX_AGE_SECONDS,
      });
    }
    const key = `${thing}:a:${request.ip}:${visitor ?? ''}`;
    const address = `${thing}:${request.ip}`;
    if (this.#seen.retryAfterMs(key) > 0 || this.#visitors.retryAfterMs(address) > 0) return false;
    this.#seen.hit(key);
    this.#visitors.hit(address);
    if (minted !== null) this.#seen.hit(`${thing}:a:${request.ip}:${minted}`);
    return true;
  }

  #once(key: string): boolean {
    if (this.#seen.retryAfterMs(key) > 0) return false;
    this.#seen.hit(key);
    return true;
  }
}
