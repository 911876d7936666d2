import { Alert, Anchor, Button, Center, Grid, Loader, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { genders, type AuthSession } from '../api/contract';
import { useApiMutation } from '../api/api-mutation';
import { FormAlert, type fieldStatus } from './form';
import { PhotoFileInput } from './photo-file-input';
import { USER_ENTRY_AFTER_SIGNUP } from '../lib/guard';
import { toIsoDay } from '@/domain/days';
import { useAuth } from '../api/use-auth';

/*
 * The pieces of the screens a newcomer joins through (sign-up, an invitation link, a single sign-on
 * the company vouched for, and its return page): each screen keeps its own form, schema and call.
 */

const genderOptions = [{ value: '', label: 'Select your gender', disabled: true }, ...genders.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }))];

/** A link that no longer works (expired, used, signed in too long ago), with the way back (log in unless told otherwise). */
export function JoinLinkProblem({ title, children, back = { to: '/', label: 'Back to log in' } }: { title: string; children: ReactNode; back?: { to: '/' | '/employee/profile'; label: string } }) {
  return (
    <Alert color="red" icon={<IconAlertTriangle />} title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{children}</Text>
        <Anchor component={Link} to={back.to} size="sm">
          {back.label}
        </Anchor>
      </Stack>
    </Alert>
  );
}

/** While the invitation or the company account is looked up. */
export function JoinPending({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Loader aria-label={label} />
    </Center>
  );
}

/** The join call: on success the newcomer is signed in and lands where a new account starts. */
export function useJoinChallenge<TVars>(call: (fields: TVars) => Promise<AuthSession>, toastId: string) {
  const auth = useAuth();
  const navigate = useNavigate();
  return useApiMutation({
    call,
    invalidates: null,
    toasts: { category: 'create', id: toastId },
    then: async (session) => {
      auth.signIn(session, { afterSignUp: true });
      await navigate({ to: USER_ENTRY_AFTER_SIGNUP, replace: true });
    },
  });
}

type PersonField = (name: 'firstName' | 'lastName' | 'dateOfBirth' | 'gender', options?: { withIcon?: boolean }) => UseFormRegisterReturn & ReturnType<typeof fieldStatus>;

/** First and last name, date of birth and gender, as grid columns of the form's grid. */
export function JoinPersonFields({ field }: { field: PersonField }) {
  return (
    <>
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
    </>
  );
}

/** The optional photo, as the grid's last full-width column. */
export function JoinPhotoField({ photo, onChange }: { photo: File | null; onChange: (file: File | null) => void }) {
  return (
    <Grid.Col span={12}>
      <PhotoFileInput description="Optional: .png, .jpg or .jpeg, at most 1 MB" placeholder="Choose a photo" value={photo} onChange={onChange} />
    </Grid.Col>
  );
}

/** The form's refusals, then 'Join the challenge'. */
export function JoinSubmit({ formErrors, pending }: { formErrors: string[]; pending: boolean }) {
  return (
    <>
      <FormAlert messages={formErrors} />
      <Button type="submit" size="md" disabled={pending}>
        {pending ? 'Loading...' : 'Join the challenge'}
      </Button>
    </>
  );
}
