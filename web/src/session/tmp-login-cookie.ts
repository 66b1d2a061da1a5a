/*
 * The JS-readable `tmp_login` cookie the server sets after a
 * temporary-credentials login: while it is there the password change is forced.
 */

/** Same name as the contract's TMP_LOGIN_COOKIE (a test checks; a value import would pull TypeBox into the bundle). */
export const TMP_LOGIN_COOKIE = 'tmp_login';

export function hasTemporaryLoginCookie(cookie: string = document.cookie): boolean {
  return cookie.split(';').some((part) => part.trim().startsWith(`${TMP_LOGIN_COOKIE}=`));
}

export function clearTemporaryLoginCookie(): void {
  document.cookie = `${TMP_LOGIN_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
