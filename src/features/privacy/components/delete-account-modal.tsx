import { Alert, Button, Group, List, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { IconLogin2, IconShieldCheck } from '@tabler/icons-react';
import { AccountDeletionForm } from '../../../api/contract/privacy';
import { FormAlert, useSchemaForm } from '../../../components/form';
import { RECENT_SIGN_IN_MINUTES } from '@/domain/privacy';
import { useDeleteAccount } from '../api/use-delete-account';
import { useSsoReauthentication } from '../api/use-sso-reauthentication';

/** What deleting the account does, said before it happens (docs/product-rules.md#account-deletion). */
export const deletionConsequences = [
  'Your profile and photo, all your activities (also those imported from Strava and Fitbit), step achievements, event participations and quarterly bonuses are deleted.',
  'You disappear from the feed, the leaderboards and the charts; your points no longer count anywhere.',
  'Your Strava and Fitbit connections end, and the app’s access is withdrawn at Strava and Google.',
  'You are signed out and cannot sign in with this account again.',
  'The audit trail only keeps that an account was deleted, without your name or e-mail address.',
];

type Props = {
  opened: boolean;
  onClose: () => void;
  /** The identity provider's button label when single sign-on is set up ('Confirm with <label>'). */
  ssoLabel?: string | null;
  /** Back from 'Confirm with <label>': the person just signed in again at the provider. */
  reauthenticated?: boolean;
};

/** 'Delete my account': the consequences, the password again (or the company account again), then the deletion for good. */
export function DeleteAccountModal({ opened, onClose, ssoLabel = null, reauthenticated = false }: Props) {
  const remove = useDeleteAccount();
  return (
    <Modal opened={opened} onClose={onClose} title="Delete my account" centered size="lg" closeOnClickOutside={!remove.isPending}>
      {opened && <DeleteAccountForm remove={remove} onClose={onClose} ssoLabel={ssoLabel} reauthenticated={reauthenticated} />}
    </Modal>
  );
}

/** An account without a password proves itself at the identity provider (docs/security.md#re-authentication). */
function ConfirmWithProvider({ label, reauthenticated }: { label: string; reauthenticated: boolean }) {
  const confirm = useSsoReauthentication();
  if (reauthenticated) {
    return (
      <Alert color="green" variant="light" icon={<IconShieldCheck />} title={`Confirmed with ${label}`}>
        You can delete your account now, within {RECENT_SIGN_IN_MINUTES} minutes; leave the password empty.
      </Alert>
    );
  }
  return (
    <Group gap="sm" wrap="wrap">
      <Text size="sm">No password, because you sign in with your company account?</Text>
      <Button variant="default" size="sm" leftSection={<IconLogin2 size={16} aria-hidden />} loading={confirm.isPending} onClick={() => confirm.mutate()}>
        {`Confirm with ${label}`}
      </Button>
    </Group>
  );
}

function DeleteAccountForm({ remove, onClose, ssoLabel, reauthenticated }: { remove: ReturnType<typeof useDeleteAccount>; onClose: () => void; ssoLabel: string | null; reauthenticated: boolean }) {
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
        {ssoLabel && <ConfirmWithProvider label={ssoLabel} reauthenticated={reauthenticated} />}
        <PasswordInput
          label="Your password"
          // The company-account hint only where single sign-on exists.
          description={ssoLabel ? `Signed in with your company account and no password? Leave it empty: it works within ${RECENT_SIGN_IN_MINUTES} minutes of signing in or of confirming with ${ssoLabel}.` : undefined}
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
