import { ActionIcon, Button, Group, Tooltip, type MantineColor } from '@mantine/core';
import { IconKey, IconListDetails, IconPencil, IconTrash, type Icon } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { User } from '../../../api/contract/users';
import { fullName } from './labels';

type Props = {
  user: User;
  resetting: boolean;
  onUpdate: (user: User) => void;
  onDelete: (user: User) => void;
  onResetPassword: (user: User) => void;
  /** Words next to the icons (phones: no hover, so no tooltip explains an icon). */
  withLabels?: boolean;
};

type Action = { text: string; label: string; icon: Icon; color?: MantineColor; loading?: boolean } & ({ onClick: () => void } | { workoutsOf: number });

/** Update, Reset password, View workouts and Delete (docs/product-rules.md#users-management): icon buttons with tooltips, or labelled buttons. */
export function UserActions({ user, resetting, onUpdate, onDelete, onResetPassword, withLabels = false }: Props) {
  const name = fullName(user);
  const actions: Action[] = [
    { text: 'Update', label: `Update ${name}`, icon: IconPencil, onClick: () => onUpdate(user) },
    { text: 'Reset password', label: `Reset password of ${name}`, icon: IconKey, color: 'grape', loading: resetting, onClick: () => onResetPassword(user) },
    { text: withLabels ? 'Workouts' : 'View workouts', label: `View workouts of ${name}`, icon: IconListDetails, color: 'teal', workoutsOf: user.id },
    { text: 'Delete', label: `Delete ${name}`, icon: IconTrash, color: 'red', onClick: () => onDelete(user) },
  ];
  // A link for the workouts (opens in a new tab too), a button for the rest.
  const rootOf = (action: Action) =>
    'workoutsOf' in action
      ? { renderRoot: (props: Record<string, unknown>) => <Link to="/admin/users/$id/workouts" params={{ id: String(action.workoutsOf) }} {...props} /> }
      : { onClick: action.onClick };

  if (withLabels) {
    return (
      <Group gap={8} wrap="wrap">
        {actions.map((action) => (
          // Neutral buttons keep the words readable in both schemes; the icon carries the action's colour.
          <Button
            key={action.text}
            variant="default"
            size="compact-sm"
            leftSection={<action.icon size={16} aria-hidden color={`var(--mantine-color-${action.color ?? 'blue'}-filled)`} />}
            aria-label={action.label}
            loading={action.loading}
            {...rootOf(action)}
          >
            {action.text}
          </Button>
        ))}
      </Group>
    );
  }
  return (
    <Group gap={6} wrap="nowrap">
      {actions.map((action) => (
        <Tooltip key={action.text} label={action.text} openDelay={250}>
          <ActionIcon variant="light" color={action.color} aria-label={action.label} loading={action.loading} {...rootOf(action)}>
            <action.icon size={18} />
          </ActionIcon>
        </Tooltip>
      ))}
    </Group>
  );
}
