import { Avatar } from '@mantine/core';

/**
 * A person's photo, or their initials on a colour of their own when they have none: the same
 * everywhere (feed, leaderboard, profile), never a grey silhouette on one screen and initials on another.
 */
export function UserAvatar({ name, src, size }: { name: string; src: string | null; size: number }) {
  return src ? (
    <Avatar src={src} alt={name} radius="xl" size={size} />
  ) : (
    // The profile page's look: white initials on the deepest brand green (8:1 in both schemes).
    <Avatar name={name} color="brand.9" variant="filled" radius="xl" size={size} role="img" aria-label={name} />
  );
}
