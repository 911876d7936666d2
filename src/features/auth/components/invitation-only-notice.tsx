import { Alert, Anchor, Text } from '@mantine/core';
import { IconMailHeart } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { INVITATION_REQUIRED_MESSAGE } from '@/domain/access-policy';

/** The sign-up page in invite mode without an invitation: there is nothing to fill in, only where to turn. */
export function InvitationOnlyNotice() {
  return (
    <Alert color="blue" variant="light" icon={<IconMailHeart />} title="Invitation needed">
      <Text size="sm">{INVITATION_REQUIRED_MESSAGE}.</Text>
      <Text size="sm" mt="xs">
        Already have an account?{' '}
        {/* Underlined: inside a sentence, colour alone does not say it is a link (in the dark scheme least of all). */}
        <Anchor component={Link} to="/" size="sm" underline="always">
          Log in
        </Anchor>
      </Text>
    </Alert>
  );
}
