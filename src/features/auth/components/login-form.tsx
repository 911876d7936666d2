import { Anchor, Button, Group, Paper, PasswordInput, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { SigninBody } from '../../../api/contract';
import { useSignIn } from '../api/use-sign-in';
import { fieldStatus } from './field-status';

export const LOGIN_FORM_MAX_WIDTH = 360;

/** Email + password login (SPEC 2 and 5); 'Log in' reads 'Loading...' while the request runs. */
export function LoginForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const signIn = useSignIn();
  const form = useForm({ resolver: zodResolver(SigninBody), mode: 'onTouched', defaultValues: { email: '', password: '' } });
  const { register, handleSubmit, getFieldState, formState, reset } = form;

  // SPEC 2: a success clears the form; a failure (already toasted) returns the request to idle,
  // and at idle the touched state is reset while the typed values stay for another try.
  useEffect(() => {
    if (signIn.isSuccess) reset();
    if (signIn.isError) {
      signIn.reset();
      reset(undefined, { keepValues: true });
    }
  }, [signIn, reset]);

  const submitted = formState.isSubmitted;
  return (
    <Paper
      component="form"
      noValidate
      aria-label="Log in"
      withBorder
      shadow="sm"
      p="lg"
      radius="lg"
      w="100%"
      style={{ maxWidth: LOGIN_FORM_MAX_WIDTH }}
      onSubmit={handleSubmit((body) => signIn.mutate(body))}
    >
      <Stack gap="md">
        <TextInput label="Email" type="email" autoComplete="email" placeholder="you@company.com" {...register('email')} {...fieldStatus(getFieldState('email', formState), submitted)} />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          placeholder="Your password"
          {...register('password')}
          {...fieldStatus(getFieldState('password', formState), submitted, { withIcon: false })}
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth disabled={signIn.isPending}>
          {signIn.isPending ? 'Loading...' : 'Log in'}
        </Button>
      </Stack>
    </Paper>
  );
}
