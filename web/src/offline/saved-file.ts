import type { ResourceDetail } from '@kit/contract';
import { lightestFile, type MediaChoice } from '../api/phone-copy.ts';

/*
 * Which file "Guardar para ver sin conexión" keeps, apart from the phone's
 * store (saved-media.ts): the resource page shows it, with its size, before
 * anything is saved, without loading the store.
 */

/** Which file of a resource is saved: 'light' its light copy (the original when there is none), 'original' the file as uploaded. */
export type SaveChoice = 'light' | 'original';

/** The media a choice saves, with its size. */
export function savedFileOf(resource: ResourceDetail, choice: SaveChoice): MediaChoice | null {
  if (choice === 'light') return lightestFile(resource);
  return resource.mediaUrl ? { url: resource.mediaUrl, bytes: resource.size } : null;
}
