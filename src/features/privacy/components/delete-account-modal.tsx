import { Button, Group, List, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { AccountDeletionForm } from '../../../api/contract/privacy';
import { FormAlert, useSchemaForm } from '../../../components/form';
import { RECENT_SIGN_IN_MINUTES } from '@/domain/privacy';
import { useDeleteAccount } from '../api/use-delete-account';

/** What deleting the account does, said before it happens (docs/product-rules.md#account-deletion). */
export const deletionConsequences = [
  'Your profile and photo, all your activities (also those imported from Strava and Fitbit), step achievements, event participations and quarterly bonuses are deleted.',
  'You disappear from the feed, the leaderboards and the charts; your points no longer count anywhere.',
  'Your Strava and Fitbit connections end, and the app’s access is withdrawn at Strava and Google.',
  'You are signed out and cannot sign in with this account again.',
  'The audit trail only keeps that an account was deleted, without your name or e-mail address.',
];

/** 'Delete my account': the consequences, the password again, then the deletion for good. */
export function DeleteAccountModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const remove = useDeleteAccount();
  return (
    <Modal opened={opened} onClose={onClose} title="Delete my account" centered size="lg" closeOnClickOutside={!remove.isPending}>
      {opened && <DeleteAccountForm remove={remove} onClose={onClose} />}
    </Modal>
  );
}

function DeleteAccountForm({ remove, onClose }: { remove: ReturnType<typeof useDeleteAccount>; onClose: () => void }) {
  const { onSubmit, formErrors, field, pending } = useSchemaForm({
    schema: AccountDeletionForm,
    defaultValues: { password: '' },
    mutation: remove,
    toVariables: ({ password }) => ({ password: password === '' ? undefined : password }),
  });
  return (
    <form noValidate aria-label="Delete my account" onSubmit={onSubmit}>
      <Stack gap="md">
        <Text fw={600}>This cannot be undone. Deleting your account:</Text>
        <List spacing="xs" size="sm">
          {deletionConsequences.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        <Text size="sm">Download your data first if you want to keep a copy.</Text>
        <PasswordInput
          label="Your password"
          description={`Signed in with your company account and no password? Leave it empty: it works within ${RECENT_SIGN_IN_MINUTES} minutes of signing in.`}
          autoComplete="current-password"
          {...field('password', { withIcon: false })}
        />
        <FormAlert messages={formErrors} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" color="red.9" loading={pending}>
            Delete my account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
