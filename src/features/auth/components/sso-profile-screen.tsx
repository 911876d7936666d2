import { Grid, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { levels, SsoProfileBody, type SsoProfile } from '../../../api/contract';
import { useSchemaForm } from '../../../components/form';
import { JoinLinkProblem, JoinPending, JoinPersonFields, JoinPhotoField, JoinSubmit, useJoinChallenge } from '../../../components/join-profile';
import { completeSsoProfileCall, ssoQueries } from '../api/sso-calls';

const levelOptions = [{ value: '', label: 'Select your level', disabled: true }, ...levels.map((value) => ({ value, label: value }))];

function SsoProfileForm({ profile }: { profile: SsoProfile }) {
  const [photo, setPhoto] = useState<File | null>(null);
  const complete = useJoinChallenge((fields: SsoProfileBody) => completeSsoProfileCall(fields, photo), 'sso-profile');
  // An invitation fixes the level; otherwise the select starts empty to show its placeholder.
  const defaults = { firstName: profile.firstName, lastName: profile.lastName, dateOfBirth: '', gender: '', levelOfCompetition: profile.levelOfCompetition ?? '' } as unknown as SsoProfileBody;
  const { field, onSubmit, formErrors, pending } = useSchemaForm({ schema: SsoProfileBody, mode: 'onTouched', defaultValues: defaults, mutation: complete });
  return (
    <Paper component="form" noValidate aria-label="Complete your profile" withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="lg" onSubmit={onSubmit}>
      <Stack gap="md">
        <Text size="sm">
          Your company account <strong>{profile.email}</strong> is confirmed. Tell your colleagues who you are to join the challenge
          {profile.levelOfCompetition ? ` (level ${profile.levelOfCompetition}, as invited)` : ''}.
        </Text>
        <Grid gap="md">
          <JoinPersonFields field={field} />
          {!profile.levelOfCompetition && (
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <NativeSelect label="Level of competition" data={levelOptions} {...field('levelOfCompetition', { withIcon: false })} />
            </Grid.Col>
          )}
          <JoinPhotoField photo={photo} onChange={setPhoto} />
        </Grid>
        <JoinSubmit formErrors={formErrors} pending={pending} />
      </Stack>
    </Paper>
  );
}

/** /signup?sso=1: a newcomer the identity provider vouched for completes the profile; the account exists from then. */
export function SsoProfileScreen() {
  const profile = useQuery(ssoQueries.profile());
  if (profile.isError) {
    return <JoinLinkProblem title="Your single sign-on has expired">Sign in with your company account again to complete your profile.</JoinLinkProblem>;
  }
  if (profile.isPending) return <JoinPending label="Loading your company account" />;
  return <SsoProfileForm profile={profile.data} />;
}
