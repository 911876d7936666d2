import { Modal, Stack, Text } from '@mantine/core';
import type { User } from '../../../api/contract/users';
import { fullName } from './labels';
import { ConfirmActions } from '../../../components/confirm-actions';

type Props = { user: User | null; onClose: () => void; onSend: (user: User) => void };

/**
 * The reset mail goes to a real inbox and a misplaced click is easy on a phone: the admin sees whom
 * and which address before it is sent (docs/product-rules.md#users-management). Send closes at once;
 * the sending and sent toasts follow.
 */
export function ResetMailModal({ user, onClose, onSend }: Props) {
  return (
    <Modal opened={user !== null} onClose={onClose} title="Send reset password mail" centered>
      {user && (
        <Stack gap="md">
          <Text>
            Send a password reset e-mail to <strong>{fullName(user)}</strong> at <strong style={{ overflowWrap: 'anywhere' }}>{user.email}</strong>? The link
            in it lets them choose a new password.
          </Text>
          <ConfirmActions confirmLabel="Send" onConfirm={() => onSend(user)} onCancel={onClose} />
        </Stack>
      )}
    </Modal>
  );
}
