import { Alert, Anchor, Button, Center, Loader, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ResetPasswordForm } from '../../../api/contract';
import { FormAlert, useSchemaForm } from '../../../components/form';
import { authQueries } from '../api/auth-queries';
import { useResetPassword } from '../api/use-reset-password';

export const INVALID_LINK_TITLE = 'This password reset link is invalid or has expired';

function InvalidLink() {
  return (
    <Alert color="red" icon={<IconAlertTriangle />} title={INVALID_LINK_TITLE}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">Reset links work once and only for one hour. Ask for a new one with “Forgot password?” on the login page.</Text>
        <Anchor component={Link} to="/" size="sm">
          Back to log in
        </Anchor>
      </Stack>
    </Alert>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const resetPassword = useResetPassword(token);
  const { field, onSubmit, formErrors, pending } = useSchemaForm({
    schema: ResetPasswordForm,
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
    mutation: resetPassword,
    toVariables: ({ password }) => password,
  });
  return (
    <Paper component="form" noValidate aria-label="Set a new password" withBorder shadow="sm" p="lg" radius="lg" onSubmit={onSubmit}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Choose a new password of at least 8 characters. You will then log in with it.
        </Text>
        <PasswordInput label="New password" autoComplete="new-password" {...field('password', { withIcon: false })} />
        <PasswordInput label="Confirm password" autoComplete="new-password" {...field('confirmPassword', { withIcon: false })} />
        <FormAlert messages={formErrors} />
        <Button type="submit" disabled={pending}>
          {pending ? 'Loading...' : 'Change password'}
        </Button>
      </Stack>
    </Paper>
  );
}

/** /reset-password?token=...: checks the token first, then asks for the new password twice. */
export function ResetPasswordScreen({ token }: { token: string }) {
  const check = useQuery({ ...authQueries.resetToken(token), enabled: token !== '' });
  if (token === '' || check.isError) return <InvalidLink />;
  if (check.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Checking your link" />
      </Center>
    );
  }
  return <NewPasswordForm token={token} />;
}
