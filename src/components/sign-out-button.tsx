import { Box, Button } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useAuth } from '../api/use-auth';

/** 'Sign out' (signed-in only, so it travels with the role's links, not with the login page). */
export function SignOutButton() {
  const auth = useAuth();
  const navigate = useNavigate();
  const signOut = useMutation({
    mutationFn: () => auth.signOut(),
    onSettled: () => navigate({ to: '/', replace: true }),
    meta: { errorToast: false },
  });
  return (
    <Button
      variant="default"
      size="sm"
      ml={4}
      px={{ base: 'xs', sm: 'md' }}
      leftSection={<IconLogout size={16} />}
      disabled={signOut.isPending}
      onClick={() => signOut.mutate()}
      aria-label="Sign out"
    >
      {/* The admin's five links leave no room for the word on a phone: the icon says it there. */}
      <Box component="span" visibleFrom="xs">
        Sign out
      </Box>
    </Button>
  );
}
