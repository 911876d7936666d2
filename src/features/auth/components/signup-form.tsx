import { showServerErrorsOnFields } from '../../../api/form-errors';
import { Button, Grid, NativeSelect, Paper, PasswordInput, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { genders, levels, SignupForm } from '../../../api/contract';
import { useSignUp } from '../api/use-sign-up';
import { fieldStatus } from './field-status';
import { PhotoInput } from './photo-input';
import { toIsoDay } from '@/domain/days';

const emptyForm = { firstName: '', lastName: '', dateOfBirth: '', gender: '', email: '', password: '', confirmPassword: '', levelOfCompetition: '' };
const genderOptions = [{ value: '', label: 'Select your gender', disabled: true }, ...genders.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }))];
const levelOptions = [{ value: '', label: 'Select your level', disabled: true }, ...levels.map((value) => ({ value, label: value }))];
const today = () => toIsoDay(new Date());

/** 'Create new profile': every signup field with the contract's messages; resets on success. */
export function SignupFormCard() {
  const [photo, setPhoto] = useState<File | null>(null);
  // The enums start empty so the select shows its placeholder and the 'Please select...' message.
  const { register, handleSubmit, getFieldState, formState, reset, setError } = useForm({
    resolver: zodResolver(SignupForm),
    mode: 'onTouched',
    defaultValues: emptyForm as unknown as SignupForm,
  });
  const signUp = useSignUp({
    onSignedUp: () => {
      reset(emptyForm as unknown as SignupForm);
      setPhoto(null);
    },
  });
  const status = (name: keyof typeof emptyForm, withIcon = true) => fieldStatus(getFieldState(name, formState), formState.isSubmitted, { withIcon });
  const submit = handleSubmit((form) =>
    signUp.mutate(
      { form, photo },
      {
        onError: (error) => showServerErrorsOnFields(error, setError, Object.keys(emptyForm) as (keyof SignupForm)[]),
      },
    ),
  );

  return (
    <Paper component="form" noValidate aria-label="Create new profile" withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="lg" onSubmit={submit}>
      <Stack gap="md">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="First name" autoComplete="given-name" {...register('firstName')} {...status('firstName')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Last name" autoComplete="family-name" {...register('lastName')} {...status('lastName')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Date of birth" type="date" max={today()} min="1900-01-01" autoComplete="bday" {...register('dateOfBirth')} {...status('dateOfBirth', false)} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect label="Gender" data={genderOptions} {...register('gender')} {...status('gender', false)} />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput label="Email" type="email" autoComplete="email" {...register('email')} {...status('email')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <PasswordInput label="Password" autoComplete="new-password" {...register('password')} {...status('password', false)} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <PasswordInput label="Confirm password" autoComplete="new-password" {...register('confirmPassword')} {...status('confirmPassword', false)} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect label="Level of competition" data={levelOptions} {...register('levelOfCompetition')} {...status('levelOfCompetition', false)} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <PhotoInput value={photo} onChange={setPhoto} />
          </Grid.Col>
        </Grid>
        <Button type="submit" size="md" disabled={signUp.isPending}>
          {signUp.isPending ? 'Loading...' : 'Create profile'}
        </Button>
      </Stack>
    </Paper>
  );
}
