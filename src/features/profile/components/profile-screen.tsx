import { useSuspenseQuery } from '@tanstack/react-query';
import { profileQueries } from '../api/profile-queries';
import { ProfileForm } from './profile-form';

/** The signed-in user's profile form; the profile route's loader brought the data. */
export function ProfileScreen({ userId }: { userId: number }) {
  const profile = useSuspenseQuery(profileQueries.detail(userId));
  return <ProfileForm user={profile.data} />;
}
