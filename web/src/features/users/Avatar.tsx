import { useState } from 'react';
import { esAccounts } from '../../i18n/es-accounts.ts';
import { avatarColour, chooseAvatar, type AvatarUser } from './avatar.ts';
import './avatar.css';

export interface AvatarProps {
  user: AvatarUser;
  /** px; 40 by default */
  size?: number;
}

/** A user's profile picture, or their initial letter, or the default image (docs/PRODUCT.md#avatar profile image display). */
export function Avatar({ user, size = 40 }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const choice = chooseAvatar(user, failedSrc !== null && failedSrc === user.FullImageUrl);
  const label = `${esAccounts.profile.avatarOf} ${user.name?.trim() || user.user_name}`;
  const style = { width: size, height: size, fontSize: Math.round(size * 0.45) };
  if (choice.kind === 'initial') {
    return (
      <span className="avatar avatar--initial" role="img" aria-label={label} style={{ ...style, background: avatarColour(user.user_name) }}>
        {choice.letter}
      </span>
    );
  }
  return (
    <img
      className="avatar"
      src={choice.src}
      alt={label}
      width={size}
      height={size}
      style={style}
      data-avatar={choice.kind}
      onError={() => {
        if (choice.kind === 'image') setFailedSrc(choice.src);
      }}
    />
  );
}
