/**
 * docs/PRODUCT.md#menu-lists seeDesktop: whether a phone or tablet asked for the full (desktop)
 * list of tools. Kept in a cookie the server reads for GET /api/v2/id/config
 * (server/src/modules/menu/menu.routes.ts); absent means yes, the default.
 */
export const SEE_DESKTOP_COOKIE = 'kp_see_desktop';
const ONE_YEAR = 365 * 24 * 3600;

export function setSeeDesktop(see: boolean, write: (cookie: string) => void = (cookie) => (document.cookie = cookie)): void {
  write(`${SEE_DESKTOP_COOKIE}=${see ? '1' : '0'}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax`);
}
