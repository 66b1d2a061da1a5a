/** The portal's reader of a library at one of its articles: /resource/{id}/read/{path}, each part of the path encoded ('' is the main page). */
export function readerAddress(resourceId: number, path: string): string {
  return `/resource/${resourceId}/read/${path.split('/').map(encodeURIComponent).join('/')}`;
}
