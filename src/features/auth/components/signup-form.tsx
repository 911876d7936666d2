import { LEVEL_RULE_EXPLAINED } from '@/domain/competition';
import { Button, Grid, NativeSelect, Paper, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { levels, SignupForm } from '../../../api/contract';
import { FormAlert, useSchemaForm } from '../../../components/form';
import { JoinPersonFields } from '../../../components/join-profile';
import { useSignUp } from '../api/use-sign-up';
import { PhotoInput } from './photo-input';

const emptyForm = { firstName: '', lastName: '', dateOfBirth: '', gender: '', email: '', password: '', confirmPassword: '', levelOfCompetition: '' };
const levelOptions = [{ value: '', label: 'Select your level', disabled: true }, ...levels.map((value) => ({ value, label: value }))];

/** 'Create new profile': every signup field with the contract's messages; resets on success. In domain mode the e-mail field names the company's domains. */
export function SignupFormCard({ emailDomains = [] }: { emailDomains?: readonly string[] }) {
  const [photo, setPhoto] = useState<File | null>(null);
  // The enums start empty so the select shows its placeholder and the 'Please select...' message.
  const signUp = useSignUp({
    onSignedUp: () => {
      form.reset(emptyForm as unknown as SignupForm);
      setPhoto(null);
    },
  });
  const { form, field, onSubmit, formErrors, pending } = useSchemaForm({
    schema: SignupForm,
    mode: 'onTouched',
    defaultValues: emptyForm as unknown as SignupForm,
    mutation: signUp,
    toVariables: (values) => ({ form: values, photo }),
  });
  const status = (name: keyof typeof emptyForm, withIcon = true) => field(name, { withIcon });

  return (
    <Paper component="form" noValidate aria-label="Create new profile" withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="lg" onSubmit={onSubmit}>
      <Stack gap="md">
        <Grid gap="md">
          <JoinPersonFields field={field} />
          <Grid.Col span={12}>
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              description={emailDomains.length ? `Your company address (${emailDomains.map((domain) => `@${domain}`).join(', ')})` : undefined}
              {...status('email')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <PasswordInput label="Password" autoComplete="new-password" {...status('password', false)} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <PasswordInput label="Confirm password" autoComplete="new-password" {...status('confirmPassword', false)} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect label="Level of competition" description={LEVEL_RULE_EXPLAINED} data={levelOptions} {...status('levelOfCompetition', false)} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <PhotoInput value={photo} onChange={setPhoto} />
          </Grid.Col>
        </Grid>
        <FormAlert messages={formErrors} />
        <Button type="submit" size="md" disabled={pending}>
          {pending ? 'Loading...' : 'Create profile'}
        </Button>
      </Stack>
    </Paper>
  );
}
