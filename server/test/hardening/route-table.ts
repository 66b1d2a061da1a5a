/**
 * Who may call each /api route, as an explicit table: every operation of the
 * OpenAPI document × {anonymous, anonymous with restricted mode on, user,
 * denied user (an admin on the denied list), admin}. route-table.test.ts
 * fails when a documented route is missing here or when this table names a
 * route that no longer exists, so a new route cannot ship without someone
 * deciding who may call it. Restricted mode changes nothing for signed-in
 * callers: the test checks every role again with it on.
 *
 * Expectations:
 *   ok       passes the access check: 2xx, or a 4xx that is not 401/403 (validation, not found)
 *   401      refused: not logged in
 *   403      refused: logged in but not allowed (not an admin, denied admin)
 *   refused  logged in but not allowed on someone else's object (403 or 404)
 */
export type Expect = 'ok' | '401' | '403' | 'refused';
export interface Access {
  anonymous: Expect;
  /** anonymous, with the restrictedMode setting on */
  restricted: Expect;
  user: Expect;
  denied: Expect;
  admin: Expect;
}

/** Anyone, even with restricted mode on: the menu's data, the client config, logging in and registering, kit to kit. */
const PUBLIC: Access = { anonymous: 'ok', restricted: 'ok', user: 'ok', denied: 'ok', admin: 'ok' };
/** Anyone; with restricted mode on, signed-in users only. */
const OPEN: Access = { anonymous: 'ok', restricted: '401', user: 'ok', denied: 'ok', admin: 'ok' };
/** Any signed-in user (a denied admin is an ordinary user). */
const USER: Access = { anonymous: '401', restricted: '401', user: 'ok', denied: 'ok', admin: 'ok' };
/** Signed in, and only on one's own object — the test aims these at another user's (admins may). */
const OWNER: Access = { anonymous: '401', restricted: '401', user: 'refused', denied: 'refused', admin: 'ok' };
/** Admins who are not on the denied list. */
export const ADMIN: Access = { anonymous: '401', restricted: '401', user: '403', denied: '403', admin: 'ok' };

export const ROUTE_TABLE: Record<string, Access> = {
  "DELETE /api/content/type/{id}/delete": ADMIN,
  "GET /api/v2/admin/reports/usage.csv": ADMIN,
  "GET /api/v2/admin/storage": ADMIN,
  "GET /api/v2/admin/users.csv": ADMIN,
  "GET /api/v3/dashboard": ADMIN,
  "POST /api/content/type/create": ADMIN,
  "POST /api/v2/categories/{id}/move-before": ADMIN,
  "PUT /api/content/type/sort": ADMIN,
  "PUT /api/content/type/{id}/update": ADMIN,
  "PUT /api/v2/categories/{id}/change-parent": ADMIN,
  "DELETE /api/playlist/{id}/{resourceId}": OWNER,
  "DELETE /api/uploads/{id}": OWNER,
  "DELETE /api/v2/playlists/{id}": OWNER,
  "DELETE /api/v2/resources/{id}": OWNER,
  "DELETE /api/v2/resources/{id}/cover": OWNER,
  "DELETE /api/v2/resources/{id}/favorite": USER,
  "GET /api/comments/{resourceId}": OPEN,
  "GET /api/uploads/{id}": OWNER,
  "GET /api/v2/admin/device/status": ADMIN,
  "GET /api/v2/admin/device/wifi": ADMIN,
  "GET /api/v2/admin/phone-mode": ADMIN,
  "GET /api/v2/admin/sync/status": ADMIN,
  "GET /api/v2/admin/sync/exports/{packId}": ADMIN,
  "POST /api/v2/admin/sync/export": ADMIN,
  "POST /api/v2/admin/sync/import": ADMIN,
  "POST /api/v2/admin/sync/import-usb": ADMIN,
  "POST /api/v2/admin/sync/import-usb-library": ADMIN,
  "POST /api/v2/admin/sync/keys": ADMIN,
  "POST /api/v2/admin/sync/now": ADMIN,
  "POST /api/v2/admin/data/backup": ADMIN,
  "GET /api/v2/admin/data/backups/{backupId}": ADMIN,
  "POST /api/v2/admin/data/restore": ADMIN,
  "POST /api/v2/admin/data/restore-usb": ADMIN,
  "POST /api/v2/admin/sync/publish": ADMIN,
  "PUT /api/v2/admin/sync/settings": ADMIN,
  "POST /api/v2/sync/reports": PUBLIC,
  "OPTIONS /api/v2/sync/reports": PUBLIC,
  "POST /api/v2/sync/enrol": PUBLIC,
  "GET /api/v2/admin/sync/enrolment-tokens": ADMIN,
  "POST /api/v2/admin/sync/enrolment-tokens": ADMIN,
  "DELETE /api/v2/admin/sync/enrolment-tokens/{id}": ADMIN,
  "GET /api/v2/sync/courier": PUBLIC,
  "POST /api/v2/sync/courier": PUBLIC,
  "POST /api/v2/clock/hint": PUBLIC,
  "DELETE /api/v2/admin/sync/keys/{keyId}": ADMIN,
  "GET /api/v2/admin/resources/{list}": ADMIN,
  "GET /api/v2/resources/mine": USER,
  "GET /api/v2/resources/{id}": OWNER,
  "GET /api/v2/uploads/config": OPEN,
  "GET /api/v2/uploads/quota": USER,
  "GET /api/v2/user/{id}/playlists": OPEN,
  "GET /api/v2/user/{id}/resources/favorites": OPEN,
  "PATCH /api/uploads/{id}": OWNER,
  "PATCH /api/v2/resources/{id}": OWNER,
  "POST /api/comment/create": USER,
  "POST /api/comment/delete/{id}": OWNER,
  "POST /api/uploads": OWNER,
  "POST /api/v2/admin/device/hotspot": ADMIN,
  "POST /api/v2/admin/device/power": ADMIN,
  "POST /api/v2/admin/device/wifi/confirm": ADMIN,
  "POST /api/v2/admin/reports/{id}/dismiss": ADMIN,
  "POST /api/v2/admin/resources/{id}/approve": ADMIN,
  "POST /api/v2/admin/resources/{id}/block": ADMIN,
  "POST /api/v2/admin/resources/{id}/keep": ADMIN,
  "POST /api/v2/admin/resources/{id}/reject": ADMIN,
  "POST /api/v2/admin/resources/{id}/unblock": ADMIN,
  "POST /api/v2/admin/resources/{id}/renditions/retry": ADMIN,
  "POST /api/v2/playlists": USER,
  "POST /api/v2/playlists/{id}/items": OWNER,
  "POST /api/v2/resources": USER,
  "POST /api/v2/resources/{id}/cover": OWNER,
  "POST /api/v2/resources/{id}/file": OWNER,
  "POST /api/v2/resources/{id}/report": USER,
  "POST /api/v2/resources/{id}/submit": OWNER,
  "POST /api/v2/resources/{id}/withdraw": OWNER,
  "PUT /api/v2/admin/device/certificate": ADMIN,
  "PUT /api/v2/admin/device/clock": ADMIN,
  "PUT /api/v2/admin/device/wifi": ADMIN,
  "PUT /api/v2/playlists/{id}": OWNER,
  "PUT /api/v2/resources/{id}/favorite": USER,
  "DELETE /api/v2/admin/banners/{id}": ADMIN,
  "DELETE /api/v2/admin/extra/app-package": ADMIN,
  "DELETE /api/v2/admin/extra/browsers/{id}": ADMIN,
  "DELETE /api/v2/admin/menu/{mode}/tiles/{key}": ADMIN,
  "DELETE /api/v2/admin/users/{userId}": ADMIN,
  "DELETE /api/v2/admin/users/{userId}/admin": ADMIN,
  "DELETE /api/v2/admin/users/{userId}/block": ADMIN,
  "DELETE /api/v2/ads/{id}": OWNER,
  "GET /api/content/all": OPEN,
  "GET /api/content/types": OPEN,
  "GET /api/contents/random": OPEN,
  "GET /api/health": PUBLIC,
  "GET /api/media/{file}": OPEN,
  "GET /api/playlist/{id}": OPEN,
  "GET /api/user/{id}": OPEN,
  "GET /api/users/{id}": OPEN,
  "GET /api/v2/admin/ads": ADMIN,
  "GET /api/v2/admin/banners": ADMIN,
  "GET /api/v2/admin/contact-messages": ADMIN,
  "GET /api/v2/admin/menu/{mode}": ADMIN,
  "GET /api/v2/admin/settings": ADMIN,
  "GET /api/v2/admin/users": ADMIN,
  "GET /api/v2/ads": OPEN,
  "GET /api/v2/ads/mine": USER,
  "GET /api/v2/ads/{id}": OPEN,
  "GET /api/v2/apps": OPEN,
  "GET /api/v2/categories/{id}/branch": OPEN,
  "GET /api/v2/categories/{id}/children": OPEN,
  "GET /api/v2/categories/{id}/siblings": OPEN,
  "GET /api/v2/constants/education": OPEN,
  "GET /api/v2/constants/occupation": OPEN,
  "GET /api/v2/extra/app-package": OPEN,
  "GET /api/v2/extra/app-package/file": OPEN,
  "GET /api/v2/extra/browsers": PUBLIC,
  "GET /api/v2/extra/browsers/{id}/file": PUBLIC,
  "GET /api/v2/id/config": PUBLIC,
  "GET /api/v2/resource/{id}": OPEN,
  "GET /api/v2/libraries/{id}": OPEN,
  "GET /api/v2/libraries/{id}/copy": OPEN,
  "GET /api/v2/resource/{id}/media": OPEN,
  "GET /api/v2/resource/{id}/renditions": OPEN,
  "GET /api/v2/search": OPEN,
  "GET /api/v2/search/users": OPEN,
  "GET /api/v2/session": PUBLIC,
  "GET /api/v2/users/{userId}/image": OPEN,
  "GET /api/v3/fastAccessServices": PUBLIC,
  "GET /api/v3/searchPage": OPEN,
  "GET /api/v3/searchPageResource": OPEN,
  "GET /api/v3/searchResource": OPEN,
  "HEAD /api/media/{file}": OPEN,
  "HEAD /api/v2/extra/app-package/file": OPEN,
  "HEAD /api/v2/extra/browsers/{id}/file": PUBLIC,
  "HEAD /api/v2/resource/{id}/media": OPEN,
  "PATCH /api/v2/admin/menu/{mode}/tiles/{key}": ADMIN,
  "POST /api/auth": PUBLIC,
  "POST /api/deauth": PUBLIC,
  "POST /api/user/create": PUBLIC,
  "POST /api/user/update": USER,
  "POST /api/v2/admin/banners/{slot}": ADMIN,
  "POST /api/v2/admin/extra/app-package": ADMIN,
  "POST /api/v2/admin/extra/browsers": ADMIN,
  "POST /api/v2/admin/menu/{mode}/tiles": ADMIN,
  "POST /api/v2/admin/users/{userId}/temporary-credentials": ADMIN,
  "POST /api/v2/ads": USER,
  "POST /api/v2/ads/{id}/image": OWNER,
  "POST /api/v2/contact": OPEN,
  "POST /api/v2/tracking/user/{id}/views": OPEN,
  "POST /api/v2/users/{userId}/profile/image": OWNER,
  "POST /api/v3/authTemporary": PUBLIC,
  "POST /api/v3/personalDetails": USER,
  "PUT /api/v2/admin/ads/{id}/status": ADMIN,
  "PUT /api/v2/admin/menu/{mode}/order": ADMIN,
  "PUT /api/v2/admin/settings": ADMIN,
  "PUT /api/v2/admin/users/{userId}/admin": ADMIN,
  "PUT /api/v2/admin/users/{userId}/block": ADMIN,
  "PUT /api/v2/users/{userId}/profile": OWNER,
  "PUT /api/v3/users/password": USER,
};

/**
 * A valid body for routes that validate before they check access (Fastify
 * validates, then runs the preHandler), so the access decision is what answers.
 */
export const SAMPLE_BODIES: Record<string, unknown> = {
  'PUT /api/v3/users/password': { password: 'otra-clave-1' },
  'POST /api/v2/ads': { title: 'Vendo gallinas', text: 'Gallinas ponedoras sanas, preguntar en la tienda.', contact: '987654321', category: 'venta', expiresInDays: 7 },
  'POST /api/user/update': { name: 'Rosa' },
  'PUT /api/v2/users/{userId}/profile': { name: 'Rosa' },
  'POST /api/v3/personalDetails': { gender: 0, born_date: '1990-05-01' },
  'POST /api/v2/admin/menu/{mode}/tiles': { label: 'Radio', target: { kind: 'none', value: '' } },
  'PATCH /api/v2/admin/menu/{mode}/tiles/{key}': { hidden: false },
  'PUT /api/v2/admin/menu/{mode}/order': { keys: ['library'] },
  'PUT /api/v2/admin/settings': { contactEmail: 'kit@example.org' },
  'PUT /api/v2/admin/ads/{id}/status': { status: 'rejected', reason: 'Prueba' },
  'PATCH /api/v2/resources/{id}': { title: 'Nuevo título' },
  'POST /api/comment/create': { content_id: 1, comment: 'Muy útil, gracias' },
  'POST /api/uploads': { resourceId: 1, size: 10 },
  'POST /api/v2/playlists': { name: 'Mi lista' },
  'POST /api/v2/playlists/{id}/items': { resource_id: 1 },
  'POST /api/v2/resources': { title: 'Prueba', type: 2, rights_declared: true },
  'PUT /api/v2/playlists/{id}': { name: 'Otra lista' },
  'POST /api/content/type/create': { name: 'Radio comunitaria', content_type_father_id: null },
  'PUT /api/content/type/{id}/update': { name: 'Radio comunitaria' },
  'PUT /api/v2/categories/{id}/change-parent': { newParentId: null },
  'PUT /api/content/type/sort': { order: [1] },
  'POST /api/v2/categories/{id}/move-before': { refCategoryId: 1 },
};

/** Headers a route validates before it checks access (the resumable upload's offset and body type). */
export const SAMPLE_HEADERS: Record<string, Record<string, string>> = {
  'PATCH /api/uploads/{id}': { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
};
