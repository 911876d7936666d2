import { Grid, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../../api/call-api';
import { AcceptInvitationForm, invitationEndpoints, type InvitationDetails } from '../../../api/contract';
import { useSchemaForm } from '../../../components/form';
import { JoinLinkProblem, JoinPending, JoinPersonFields, JoinPhotoField, JoinSubmit, useJoinChallenge } from '../../../components/join-profile';
import { invitationQueries } from '../api/invitation-calls';

function CompleteProfileForm({ token, invitation }: { token: string; invitation: InvitationDetails }) {
  const [photo, setPhoto] = useState<File | null>(null);
  const accept = useJoinChallenge(
    ({ confirmPassword: _confirm, ...fields }: AcceptInvitationForm) => callApi(invitationEndpoints.accept, { body: { ...fields, token }, files: { photo } }),
    'accept-invitation',
  );
  const defaults = { firstName: invitation.firstName, lastName: invitation.lastName, dateOfBirth: '', gender: '', password: '', confirmPassword: '' } as unknown as AcceptInvitationForm;
  const { field, onSubmit, formErrors, pending } = useSchemaForm({ schema: AcceptInvitationForm, mode: 'onTouched', defaultValues: defaults, mutation: accept });
  return (
    <Paper component="form" noValidate aria-label="Complete your profile" withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="lg" onSubmit={onSubmit}>
      <Stack gap="md">
        <Text size="sm">
          You are invited as <strong>{invitation.email}</strong> (level {invitation.levelOfCompetition}). Choose a password and complete your profile.
        </Text>
        <Grid gap="md">
          <JoinPersonFields field={field} />
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <PasswordInput label="Password" autoComplete="new-password" {...field('password', { withIcon: false })} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <PasswordInput label="Confirm password" autoComplete="new-password" {...field('confirmPassword', { withIcon: false })} />
          </Grid.Col>
          <JoinPhotoField photo={photo} onChange={setPhoto} />
        </Grid>
        <JoinSubmit formErrors={formErrors} pending={pending} />
      </Stack>
    </Paper>
  );
}

/** /signup?invitation=...: the invitation's details first, then the password and profile. */
export function AcceptInvitationScreen({ token }: { token: string }) {
  const details = useQuery(invitationQueries.details(token));
  if (details.isError) {
    return (
      <JoinLinkProblem title="This invitation link is invalid or has expired">
        Invitation links work once and for a limited time. Ask your administrator to send the invitation again.
      </JoinLinkProblem>
    );
  }
  if (details.isPending) return <JoinPending label="Checking your invitation" />;
  return <CompleteProfileForm token={token} invitation={details.data} />;
}
