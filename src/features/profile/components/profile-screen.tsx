import { Alert, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { profileQueries } from '../api/profile-queries';
import { ProfileForm } from './profile-form';

/** Loads the signed-in user's profile and shows its form. */
export function ProfileScreen({ userId }: { userId: number }) {
  const profile = useQuery(profileQueries.detail(userId));
  if (profile.isPending) return <Loader aria-label="Loading profile" />;
  if (profile.isError) return <Alert color="red">{profile.error.message}</Alert>;
  return <ProfileForm user={profile.data} />;
}
