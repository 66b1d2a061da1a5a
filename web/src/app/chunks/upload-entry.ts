/**
 * The door to the upload chunk. The route table imports only this tiny
 * module, so the list of the chunk's files and styles to preload is written
 * here rather than in every page's first download (/menu's budget); the cost
 * is one small extra request the first time an upload page opens.
 */
export const load = () => import('./upload-chunk.ts');
