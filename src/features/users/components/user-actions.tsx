import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconKey, IconListDetails, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { User } from '../../../api/contract/users';
import { fullName } from './labels';

type Props = {
  user: User;
  resetting: boolean;
  onUpdate: (user: User) => void;
  onDelete: (user: User) => void;
  onResetPassword: (user: User) => void;
};

/** Update, Reset password, View workouts and Delete, as labelled icon buttons (docs/product-rules.md#users-management). */
export function UserActions({ user, resetting, onUpdate, onDelete, onResetPassword }: Props) {
  const name = fullName(user);
  return (
    <Group gap={6} wrap="nowrap">
      <Tooltip label="Update" openDelay={250}>
        <ActionIcon variant="light" aria-label={`Update ${name}`} onClick={() => onUpdate(user)}>
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Reset password" openDelay={250}>
        <ActionIcon
          variant="light"
          color="grape"
          aria-label={`Reset password of ${name}`}
          loading={resetting}
          onClick={() => onResetPassword(user)}
        >
          <IconKey size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="View workouts" openDelay={250}>
        <ActionIcon
          renderRoot={(props) => <Link to="/admin/users/$id/workouts" params={{ id: String(user.id) }} {...props} />}
          variant="light"
          color="teal"
          aria-label={`View workouts of ${name}`}
        >
          <IconListDetails size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete" openDelay={250}>
        <ActionIcon variant="light" color="red" aria-label={`Delete ${name}`} onClick={() => onDelete(user)}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
