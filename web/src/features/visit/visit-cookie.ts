/** docs/PRODUCT.md#storage-names: the visit cookie set on a first visit to `/` (the name is ours; docs/PRODUCT.md#storage-names does not show it). */
export const VISIT_COOKIE = 'kp_visited';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The part of `document` the visit cookie needs (a test passes a stand-in). */
export interface CookieJar {
  cookie: string;
}

export function hasVisited(jar: CookieJar = document): boolean {
  return jar.cookie.split(';').some((pair) => pair.trim().startsWith(`${VISIT_COOKIE}=`));
}

export function markVisited(jar: CookieJar = document): void {
  jar.cookie = `${VISIT_COOKIE}=1; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}
