import { useEffect } from 'react';
import { Button, Grid, NativeSelect, Paper, Stack, TextInput, Title } from '@mantine/core';
import { InviteBody, levels } from '../../../api/contract';
import { FormAlert, useSchemaForm } from '../../../components/form';
import { useInvite } from '../api/invitation-calls';

const emptyInvite = { firstName: '', lastName: '', email: '', levelOfCompetition: 'Beginner' } as InviteBody;

/** 'Invite one person': the mail carries a link to set a password and complete the profile. */
export function InviteForm() {
  const invite = useInvite();
  const { form, field, onSubmit, formErrors, pending } = useSchemaForm({
    schema: InviteBody,
    mode: 'onTouched',
    defaultValues: emptyInvite,
    mutation: invite,
  });
  const { reset } = form;
  // A sent invitation clears the form for the next person.
  useEffect(() => {
    if (invite.isSuccess) reset(emptyInvite);
  }, [invite.isSuccess, reset]);
  return (
    <Paper
      component="form"
      noValidate
      aria-label="Invite one person"
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      onSubmit={onSubmit}
    >
      <Stack gap="md">
        <Title order={2} size="h4">
          Invite one person
        </Title>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="First name" {...field('firstName')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Last name" {...field('lastName')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextInput label="Email" type="email" {...field('email')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <NativeSelect label="Level of competition" data={[...levels]} {...field('levelOfCompetition', { withIcon: false })} />
          </Grid.Col>
        </Grid>
        <FormAlert messages={formErrors} />
        <Button type="submit" disabled={pending} style={{ alignSelf: 'flex-start' }}>
          {pending ? 'Loading...' : 'Send invitation'}
        </Button>
      </Stack>
    </Paper>
  );
}
