/** A saved article's key in the phone's store: one per article of a library. Apart from db.ts, so pages use it without loading Dexie. */
export const articleKey = (resourceId: number, path: string): string => `${resourceId}/${path}`;
