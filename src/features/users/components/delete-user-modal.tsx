import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { User } from '../../../api/contract/users';
import { useDeleteUser } from '../api/use-delete-user';
import { fullName } from './labels';

/** Deleting is for good (every activity, achievement and event goes too), so it asks first. */
export function DeleteUserModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const remove = useDeleteUser();
  return (
    <Modal opened={user !== null} onClose={onClose} title="Delete user" centered>
      {user && (
        <Stack gap="md">
          <Text>
            Are you sure you want to delete <strong>{fullName(user)}</strong> ({user.email})? Their activities, achievements and events are
            deleted too. This cannot be undone.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(user.id, { onSettled: onClose })}>
              Delete
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
