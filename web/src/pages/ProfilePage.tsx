import type { User } from '@kit/contract';
import { useLoaderData } from 'react-router';
import { ProfileView } from '../features/users/ProfileView.tsx';

/** /user/{id}: a user's profile (its loader: features/profile/profile-loader.ts). */
export function ProfilePage() {
  const user = useLoaderData<User>();
  return <ProfileView key={user.id} initialUser={user} />;
}
