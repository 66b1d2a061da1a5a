import { PLAYLIST_NAME_MAX } from '@kit/contract/values';
import { esSocial } from '../../i18n/es-social.ts';
import { textLength } from '../social/social-errors.ts';

/** A list name as the server will keep it (trimmed, spaces collapsed), or why it is refused. */
export function checkListName(raw: string): { name: string; error: string | null } {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name === '') return { name, error: esSocial.lists.nameRequired };
  if (textLength(name) > PLAYLIST_NAME_MAX) return { name, error: esSocial.lists.nameTooLong };
  return { name, error: null };
}
