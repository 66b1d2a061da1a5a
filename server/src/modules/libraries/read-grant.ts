import { createHmac } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import type { Viewer } from '../../access/viewer.ts';
import { accountOf, viewerOf, type Account } from '../auth/session.plugin.ts';
import { sameText } from '../../same-text.ts';

/*
 * A library's pages run sandboxed with an opaque origin, so the browser sends
 * the session cookie with none of their own requests (pictures, styles,
 * videos). Where the library is not open to anyone (restricted mode, or not
 * published yet), the reader's first request, which does carry the session, is
 * sent on to the same path under a read grant, /zim/{id}/~{grant}/{path}: the
 * article's relative URLs keep it, and it stands for that person on that
 * library's /zim/ paths only (docs/API-contributions.md#bibliotecas-zim).
 */

/** How long a grant holds: a reading session, not a login. */
export const READ_GRANT_SECONDS = 12 * 3600;

const GRANT = /^~(\d{1,12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** A path after /zim/{id}/ split into its grant segment, if it starts with one (an entry's own path may start with "~" too), and the entry's path. */
export function splitGrant(encodedPath: string): { grant: string | null; rest: string } {
  const slash = encodedPath.indexOf('/');
  const first = slash === -1 ? encodedPath : encodedPath.slice(0, slash);
  if (!GRANT.test(first)) return { grant: null, rest: encodedPath };
  return { grant: first, rest: slash === -1 ? '' : encodedPath.slice(slash + 1) };
}

export class ReadGrants {
  readonly #key: Buffer;

  /** SECRET: the session secret; the grants' key is derived from it, so no grant is ever a session token. */
  constructor(secret: Buffer) {
    this.#key = createHmac('sha256', secret).update('kit-portal: library read grant').digest();
  }

  /** The account's token version and key are signed too: logging out everywhere, a new password or a block ends its grants. */
  #mac(libraryId: number, user: Account, expires: number): Buffer {
    return createHmac('sha256', this.#key).update(`${libraryId}.${user.id}.${expires}.${user.token_version}.${user.account_key}`).digest();
  }

  /** The path segment that lets VIEWER read library LIBRARYID for READ_GRANT_SECONDS; null for an account that is gone or blocked. */
  segment(db: Db, libraryId: number, viewer: Viewer, now = Date.now()): string | null {
    const user = accountOf(db, viewer.id);
    if (!user) return null;
    const expires = Math.floor(now / 1000) + READ_GRANT_SECONDS;
    return `~${user.id}.${expires}.${this.#mac(libraryId, user, expires).toString('base64url')}`;
  }

  /** Who SEGMENT lets read library LIBRARYID; null when it is not a grant, forged, for another library, expired, or its account changed. */
  viewer(db: Db, libraryId: number, segment: string, now = Date.now()): Viewer | null {
    const match = GRANT.exec(segment);
    if (!match) return null;
    const expires = Number(match[2]);
    if (expires * 1000 <= now) return null;
    const user = accountOf(db, Number(match[1]));
    if (!user) return null;
    return sameText(match[3] ?? '', this.#mac(libraryId, user, expires).toString('base64url')) ? viewerOf(user) : null;
  }
}
