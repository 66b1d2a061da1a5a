/** docs/PRODUCT.md#avatar static files: the default user image. */
export const DEFAULT_USER_IMAGE = '/images/default-user.svg';

export interface AvatarUser {
  user_name: string;
  name?: string | null;
  FullImageUrl?: string | null;
  blocked?: boolean;
}

export type AvatarChoice = { kind: 'image'; src: string } | { kind: 'initial'; letter: string } | { kind: 'default'; src: string };

/** The first letter of the user's name (or user name), uppercased; '' when there is none. */
export function initialOf(user: Pick<AvatarUser, 'user_name' | 'name'>): string {
  const source = `${user.name ?? ''}`.trim() || user.user_name.trim();
  const letter = /\p{L}|\p{N}/u.exec(source)?.[0] ?? '';
  return letter.toLocaleUpperCase('es');
}

/**
 * docs/PRODUCT.md#avatar: the user's full image URL; when the image failed, is missing or
 * the user is blocked, the initial letter, or the default image when there is
 * no letter to show.
 */
export function chooseAvatar(user: AvatarUser, imageFailed: boolean): AvatarChoice {
  if (user.FullImageUrl && !user.blocked && !imageFailed) return { kind: 'image', src: user.FullImageUrl };
  const letter = initialOf(user);
  return letter ? { kind: 'initial', letter } : { kind: 'default', src: DEFAULT_USER_IMAGE };
}

const AVATAR_COLOURS = ['#0f766e', '#7c3aed', '#b45309', '#be123c', '#1d4ed8', '#4d7c0f', '#9d174d', '#0e7490'];

/** A steady background colour per user name. */
export function avatarColour(userName: string): string {
  let hash = 0;
  for (const char of userName) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length] ?? '#0f766e';
}
