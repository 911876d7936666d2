import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = { confirmLabel: ReactNode; onConfirm: () => void; onCancel: () => void; color?: string; autoFocus?: boolean };

/** A confirmation dialog's buttons: 'Cancel', then the action, which runs and closes the dialog. */
export function ConfirmActions({ confirmLabel, onConfirm, onCancel, color, autoFocus = true }: Props) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button
        data-autofocus={autoFocus || undefined}
        color={color}
        onClick={() => {
          onConfirm();
          onCancel();
        }}
      >
        {confirmLabel}
      </Button>
    </Group>
  );
}
