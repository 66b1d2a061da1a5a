/**
 * Navigations the service worker must not answer with the app shell: the API,
 * media and static documents, a library's articles (/zim/, loaded in the
 * reader's frame), and any path whose last segment has a file
 * extension (a file opened directly, e.g. a video or a PDF). Workbox tests
 * these against the pathname plus the query string.
 */
export const NAVIGATION_DENYLIST: RegExp[] = [/^\/api(\/|\?|$)/, /^\/media\//, /^\/pdf\//, /^\/zim(\/|$)/, /^[^?]*\/[^/?]+\.[^/?]+(\?|$)/];

