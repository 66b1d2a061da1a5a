/*
 * Cache Storage names shared by the page and the service worker. Only public,
 * content-addressed files go there: saved media and covers, and the pdf.js
 * files. Never an API answer, which may depend on who asks.
 */
export const SAVED_MEDIA_CACHE = 'kp-saved-media';
export const RUNTIME_ASSETS_CACHE = 'kp-runtime-assets';
