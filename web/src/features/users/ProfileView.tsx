import type { User } from '@kit/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { trackProfileView } from '../../api/accounts.ts';
import { esAccounts } from '../../i18n/es-accounts.ts';
import { ChangePasswordModal } from './ChangePasswordModal.tsx';
import { setSessionPicture, useSession } from '../../session/session-store.ts';
import { ProfileForm } from './ProfileForm.tsx';
import { ProfileHeader } from './ProfileHeader.tsx';
import { ProfileImageUpload } from './ProfileImageUpload.tsx';
import '../../ui/forms/forms.css';
import './profile.css';

// favourites and lists come with the outbox and IndexedDB: loaded after the profile shows
const ProfileLists = lazy(async () => ({ default: (await import('../lists/ProfileLists.tsx')).ProfileLists }));

export interface ProfileViewProps {
  initialUser: User;
}

/**
 * /user/{id}: the profile and a link to the user's resources (one's own
 * with their status); for the user themself also the picture upload,
 * the edit form and the password change; for everyone the favourites and
 * lists (features/lists). Someone else's visit is counted.
 */
export function ProfileView({ initialUser }: ProfileViewProps) {
  const session = useSession();
  const [user, setUser] = useState(initialUser);
  const [changingPassword, setChangingPassword] = useState(false);
  const own = session.loggedIn && session.userId === user.id;

  useEffect(() => {
    if (!own) trackProfileView(user.id).catch(() => undefined);
  }, [own, user.id]);

  // The header's account button shows the same picture as the profile, a new upload included.
  useEffect(() => {
    if (own) setSessionPicture(user.FullImageUrl);
  }, [own, user.FullImageUrl]);

  return (
    <div className="profile-page">
      <ProfileHeader
        user={user}
        actions={
          <>
            <Link className="profile-page__resources" to={`/user/${user.id}/resources`}>
              {own ? esAccounts.profile.myResources : esAccounts.profile.resources}
            </Link>
            {own && (
              <ProfileImageUpload
                userId={user.id}
                onUploaded={(image) => setUser((current) => ({ ...current, FullImageUrl: image.FullImageUrl, details: { ...current.details, image } }))}
              />
            )}
          </>
        }
      />
      {own && (
        <section className="surface account-card profile-page__edit" aria-labelledby="profile-edit-title">
          <h2 id="profile-edit-title">{esAccounts.profile.editTitle}</h2>
          <ProfileForm user={user} onSaved={setUser} />
          <div className="profile-page__password">
            <button type="button" className="button button--light" onClick={() => setChangingPassword(true)}>
              {esAccounts.password.open}
            </button>
          </div>
        </section>
      )}
      <Suspense fallback={null}>
        <ProfileLists userId={user.id} own={own} />
      </Suspense>
      {own && changingPassword && (
        <ChangePasswordModal forced={false} onClose={() => setChangingPassword(false)} onSaved={() => setChangingPassword(false)} />
      )}
    </div>
  );
}
