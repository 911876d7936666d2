import { Alert, Anchor, Button, Center, Grid, Loader, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useRouteContext } from '@tanstack/react-router';
import { useState } from 'react';
import { genders, levels, SsoProfileBody, type SsoProfile } from '../../../api/contract';
import { useApiMutation } from '../../../api/api-mutation';
import { FormAlert, useSchemaForm } from '../../../components/form';
import { PhotoFileInput } from '../../../components/photo-file-input';
import { USER_ENTRY_AFTER_SIGNUP } from '../../../lib/guard';
import { toIsoDay } from '@/domain/days';
import { completeSsoProfileCall, ssoQueries } from '../api/sso-calls';

const genderOptions = [{ value: '', label: 'Select your gender', disabled: true }, ...genders.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }))];
const levelOptions = [{ value: '', label: 'Select your level', disabled: true }, ...levels.map((value) => ({ value, label: value }))];

function ExpiredSignIn() {
  return (
    <Alert color="red" icon={<IconAlertTriangle />} title="Your single sign-on has expired">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">Sign in with your company account again to complete your profile.</Text>
        <Anchor component={Link} to="/" size="sm">
          Back to log in
        </Anchor>
      </Stack>
    </Alert>
  );
}

function SsoProfileForm({ profile }: { profile: SsoProfile }) {
  const [photo, setPhoto] = useState<File | null>(null);
  const { auth } = useRouteContext({ from: '__root__' });
  const navigate = useNavigate();
  const complete = useApiMutation({
    call: (fields: SsoProfileBody) => completeSsoProfileCall(fields, photo),
    invalidates: null,
    toasts: { category: 'create', id: 'sso-profile' },
    then: async (session) => {
      auth.signIn(session, { afterSignUp: true });
      await navigate({ to: USER_ENTRY_AFTER_SIGNUP, replace: true });
    },
  });
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
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="First name" autoComplete="given-name" {...field('firstName')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Last name" autoComplete="family-name" {...field('lastName')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Date of birth" type="date" max={toIsoDay(new Date())} min="1900-01-01" autoComplete="bday" {...field('dateOfBirth', { withIcon: false })} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect label="Gender" data={genderOptions} {...field('gender', { withIcon: false })} />
          </Grid.Col>
          {!profile.levelOfCompetition && (
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <NativeSelect label="Level of competition" data={levelOptions} {...field('levelOfCompetition', { withIcon: false })} />
            </Grid.Col>
          )}
          <Grid.Col span={12}>
            <PhotoFileInput description="Optional: .png, .jpg or .jpeg, at most 1 MB" placeholder="Choose a photo" value={photo} onChange={setPhoto} />
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

/** /signup?sso=1: a newcomer the identity provider vouched for completes the profile; the account exists from then. */
export function SsoProfileScreen() {
  const profile = useQuery(ssoQueries.profile());
  if (profile.isError) return <ExpiredSignIn />;
  if (profile.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading your company account" />
      </Center>
    );
  }
  return <SsoProfileForm profile={profile.data} />;
}
