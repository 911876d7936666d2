import { Anchor, Button, Group, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { memo, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useSchemaForm } from '../../../components/form';
import { preloadAuthCalls } from '../api/lazy-auth-calls';
import { isSignInRefusal, useSignIn } from '../api/use-sign-in';

export const LOGIN_FORM_MAX_WIDTH = 360;

/** The contract's SigninBody, loaded with the sign-in call: zod is not part of the login page's first load. */
const loadSigninSchema = async () => (await preloadAuthCalls()).SigninBody;

/** Email + password login (docs/product-rules.md#screens-and-navigation); 'Log in' reads 'Loading...' while the request runs. */
/** `children`: more ways in below the button (single sign-on). Memoised: the sign-up policy's arrival re-renders the screen around it. */
export const LoginForm = memo(function LoginForm({ onForgotPassword, children }: { onForgotPassword: (typedEmail: string) => void; children?: ReactNode }) {
  const signIn = useSignIn();
  // A wrong password (or too many attempts) stays on the form, next to the fields, until the next try.
  const [refusal, setRefusal] = useState<string | null>(null);
  const { form, field, onSubmit, pending } = useSchemaForm({
    schema: loadSigninSchema,
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
    mutation: signIn,
    onError: (error) => setRefusal(isSignInRefusal(error) ? error.message : null),
  });
  const submit = (event?: FormEvent) => {
    setRefusal(null);
    return onSubmit(event);
  };
  const { reset } = form;

  // docs/product-rules.md#screens-and-navigation: a success clears the form; a failure (already toasted) returns the request to idle,
  // and at idle the touched state is reset while the typed values stay for another try.
  useEffect(() => {
    if (signIn.isSuccess) reset();
    if (signIn.isError) {
      signIn.reset();
      reset(undefined, { keepValues: true });
    }
  }, [signIn, reset]);

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
      // The schema and the sign-in call (contract, zod, ky) are not part of the first load: fetch them once the visitor starts.
      onFocus={() => void preloadAuthCalls()}
      onSubmit={submit}
    >
      <Stack gap="md">
        <TextInput label="Email" type="email" autoComplete="email" placeholder="you@company.com" {...field('email')} />
        <PasswordInput label="Password" autoComplete="current-password" placeholder="Your password" {...field('password', { withIcon: false })} />
        <Group justify="flex-end" mt={-8}>
          <Anchor component="button" type="button" size="sm" onClick={() => onForgotPassword(form.getValues('email'))}>
            Forgot password?
          </Anchor>
        </Group>
        {refusal && (
          // Text, not Mantine's Alert: the login page's first load stays within its budget.
          <Text role="alert" size="sm" c="red.9" bg="red.0" p="xs" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
            {refusal}
          </Text>
        )}
        <Button type="submit" fullWidth disabled={pending}>
          {pending ? 'Loading...' : 'Log in'}
        </Button>
        {children}
      </Stack>
    </Paper>
  );
});
