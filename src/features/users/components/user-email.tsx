import { Badge, Stack, Tooltip, VisuallyHidden } from '@mantine/core';
import type { AdminUserRow } from '../../../api/contract/users';

const NOT_CONFIRMED_HINT = 'They have not opened the link that confirms their address yet: until then colleagues do not see them on the leaderboard or in the feed.';

/**
 * An address that breaks only before its '@' (never inside a word, as it did at 1280 px), and a
 * badge for one its owner has not confirmed yet. `anywhere`: a phone card, where a very long
 * address may still break inside a part rather than overflow.
 */
export function UserEmail({ user, anywhere = false }: { user: AdminUserRow; anywhere?: boolean }) {
  const at = user.email.lastIndexOf('@');
  const part = { whiteSpace: anywhere ? undefined : 'nowrap', overflowWrap: anywhere ? 'anywhere' : undefined } as const;
  return (
    <Stack gap={4} align="flex-start">
      <span>
        {at > 0 ? (
          <>
            <span style={part}>{user.email.slice(0, at)}</span>
            <wbr />
            <span style={part}>{user.email.slice(at)}</span>
          </>
        ) : (
          <span style={part}>{user.email}</span>
        )}
      </span>
      {!user.emailConfirmed && (
        <Tooltip label={NOT_CONFIRMED_HINT} multiline w={260} openDelay={250}>
          <Badge color="orange" variant="dot" size="sm" radius="sm" tt="none">
            Not confirmed
            {/* The tooltip is for a mouse; screen readers get the same words with the badge. */}
            <VisuallyHidden>{`: ${NOT_CONFIRMED_HINT}`}</VisuallyHidden>
          </Badge>
        </Tooltip>
      )}
    </Stack>
  );
}
