import type { User } from '@kit/contract';
import type { ReactNode } from 'react';
import { esAccounts } from '../../i18n/es-accounts.ts';
import { Avatar } from './Avatar.tsx';
import { formatDisplayDate } from './profile-validation.ts';

export interface ProfileHeaderProps {
  user: User;
  /** under the names, e.g. the picture upload on one's own profile */
  actions?: ReactNode;
}

/** The public part of a profile: picture, names, user name, badges, member since. */
export function ProfileHeader({ user, actions }: ProfileHeaderProps) {
  const fullName = `${user.name} ${user.last_name}`.trim();
  return (
    <header className="surface profile-header">
      <Avatar user={user} size={96} />
      <div className="profile-header__text">
        <h1>{fullName || user.user_name}</h1>
        <p className="profile-header__user-name">@{user.user_name}</p>
        <p className="profile-header__badges">
          {user.isAdmin && <span className="badge">{esAccounts.profile.admin}</span>}
          {user.blocked && <span className="badge badge--danger">{esAccounts.profile.blocked}</span>}
        </p>
        <dl className="profile-header__facts">
          <div>
            <dt>{esAccounts.profile.memberSince}</dt>
            <dd>{formatDisplayDate(user.created_at.slice(0, 10))}</dd>
          </div>
          <div>
            <dt>{esAccounts.profile.views}</dt>
            <dd>{user.profile_views}</dd>
          </div>
        </dl>
        {actions}
      </div>
    </header>
  );
}
