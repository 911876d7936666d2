import { Alert, Anchor, Button, Center, Grid, Loader, NativeSelect, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useRouteContext } from '@tanstack/react-router';
import { useState } from 'react';
import { callApi } from '../../../api/call-api';
import { AcceptInvitationForm, genders, invitationEndpoints, type InvitationDetails } from '../../../api/contract';
import { useApiMutation } from '../../../api/api-mutation';
import { FormAlert, useSchemaForm } from '../../../components/form';
import { PhotoFileInput } from '../../../components/photo-file-input';
import { USER_ENTRY_AFTER_SIGNUP } from '../../../lib/guard';
import { toIsoDay } from '@/domain/days';
import { invitationQueries } from '../api/invitation-calls';

const genderOptions = [
  { value: '', label: 'Select your gender', disabled: true },
  ...genders.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) })),
];

function InvalidInvitation() {
  return (
    <Alert color="red" icon={<IconAlertTriangle />} title="This invitation link is invalid or has expired">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">Invitation links work once and for a limited time. Ask your administrator to send the invitation again.</Text>
        <Anchor component={Link} to="/" size="sm">
          Back to log in
        </Anchor>
      </Stack>
    </Alert>
  );
}

function CompleteProfileForm({ token, invitation }: { token: string; invitation: InvitationDetails }) {
  const [photo, setPhoto] = useState<File | null>(null);
  const { auth } = useRouteContext({ from: '__root__' });
  const navigate = useNavigate();
  const accept = useApiMutation({
    call: ({ confirmPassword: _confirm, ...fields }: AcceptInvitationForm) =>
      callApi(invitationEndpoints.accept, { body: { ...fields, token }, files: { photo } }),
    invalidates: null,
    toasts: { category: 'create', id: 'accept-invitation' },
    then: async (session) => {
      auth.signIn(session, { afterSignUp: true });
      await navigate({ to: USER_ENTRY_AFTER_SIGNUP, replace: true });
    },
  });
  const defaults = {
    firstName: invitation.firstName,
    lastName: invitation.lastName,
    dateOfBirth: '',
    gender: '',
    password: '',
    confirmPassword: '',
  } as unknown as AcceptInvitationForm;
  const { field, onSubmit, formErrors, pending } = useSchemaForm({
    schema: AcceptInvitationForm,
    mode: 'onTouched',
    defaultValues: defaults,
    mutation: accept,
  });
  return (
    <Paper
      component="form"
      noValidate
      aria-label="Complete your profile"
      withBorder
      shadow="sm"
      p={{ base: 'md', sm: 'xl' }}
      radius="lg"
      onSubmit={onSubmit}
    >
      <Stack gap="md">
        <Text size="sm">
          You are invited as <strong>{invitation.email}</strong> (level {invitation.levelOfCompetition}). Choose a password and complete
          your profile.
        </Text>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="First name" autoComplete="given-name" {...field('firstName')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Last name" autoComplete="family-name" {...field('lastName')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Date of birth"
              type="date"
              max={toIsoDay(new Date())}
              min="1900-01-01"
              autoComplete="bday"
              {...field('dateOfBirth', { withIcon: false })}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect label="Gender" data={genderOptions} {...field('gender', { withIcon: false })} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <PasswordInput label="Password" autoComplete="new-password" {...field('password', { withIcon: false })} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <PasswordInput label="Confirm password" autoComplete="new-password" {...field('confirmPassword', { withIcon: false })} />
          </Grid.Col>
          <Grid.Col span={12}>
            <PhotoFileInput
              description="Optional: .png, .jpg or .jpeg, at most 1 MB"
              placeholder="Choose a photo"
              value={photo}
              onChange={setPhoto}
            />
          </Grid.Col>
        </Grid>
        <FormAlert messages={formErrors} />
        <Button type="submit" size="md" disabled={pending}>
          {pending ? 'Loading...' : 'Join the challenge'}
        </Button>
      </Stack>
    </Paper>
  );
}

/** /signup?invitation=...: the invitation's details first, then the password and profile. */
export function AcceptInvitationScreen({ token }: { token: string }) {
  const details = useQuery(invitationQueries.details(token));
  if (details.isError) return <InvalidInvitation />;
  if (details.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Checking your invitation" />
      </Center>
    );
  }
  return <CompleteProfileForm token={token} invitation={details.data} />;
}
