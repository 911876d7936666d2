import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { profileQueries } from '../api/profile-queries';
import { ProfileForm } from './profile-form';

/**
 * The signed-in user's profile form; the profile route's loader brought the data. `emailNote`: what
 * the route shows under the e-mail field (a new address waiting for its link).
 */
export function ProfileScreen({ userId, emailNote }: { userId: number; emailNote?: (currentEmail: string) => ReactNode }) {
  const profile = useSuspenseQuery(profileQueries.detail(userId));
  return <ProfileForm user={profile.data} emailNote={emailNote?.(profile.data.email)} />;
}
