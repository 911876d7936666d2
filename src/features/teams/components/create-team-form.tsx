import { Button, Group, Paper, TextInput, Title } from '@mantine/core';
import { useEffect } from 'react';
import { TeamBody } from '../../../api/contract/teams';
import { FormAlert, useSchemaForm } from '../../../components/form';
import { useCreateTeam } from '../api/use-create-team';

/** 'New team': a department or office (names are unique among the teams in play, case ignored). */
export function CreateTeamForm() {
  const create = useCreateTeam();
  const { form, field, onSubmit, formErrors, pending } = useSchemaForm({ schema: TeamBody, defaultValues: { name: '' }, mutation: create });
  const { reset } = form;
  useEffect(() => {
    if (create.isSuccess) reset({ name: '' });
  }, [create.isSuccess, reset]);
  return (
    <Paper component="form" noValidate aria-label="New team" withBorder radius="lg" p="md" onSubmit={onSubmit}>
      <Title order={2} size="h4" mb="sm">
        New team
      </Title>
      <Group align="flex-start">
        <TextInput label="Team name" {...field('name')} style={{ flex: 1 }} />
        <Button type="submit" disabled={pending} mt={25}>
          {pending ? 'Loading...' : 'Create team'}
        </Button>
      </Group>
      <FormAlert messages={formErrors} />
    </Paper>
  );
}
