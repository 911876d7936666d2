import { Button, Grid, NativeSelect, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { email as emailField } from '../../../api/contract/fields';
import type { TeamAdminRow } from '../../../api/contract/teams';
import { useAssignTeam } from '../api/use-assign-team';

const NO_TEAM = '';

/** 'Place an employee': into a team from today, or out of every team. */
export function AssignMemberForm({ teams }: { teams: TeamAdminRow[] }) {
  const assign = useAssignTeam();
  const [email, setEmail] = useState('');
  const [teamId, setTeamId] = useState(NO_TEAM);
  const [error, setError] = useState<string | null>(null);
  const inPlay = teams.filter((team) => !team.archived);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailField.safeParse(email);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Email is invalid');
    setError(null);
    assign.mutate({ email: parsed.data, teamId: teamId === NO_TEAM ? null : Number(teamId) }, { onSuccess: () => setEmail('') });
  };
  return (
    <Paper component="form" noValidate aria-label="Place an employee" withBorder radius="lg" p="md" onSubmit={submit}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Place an employee
        </Title>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <TextInput label="Employee email" type="email" value={email} onChange={(event) => setEmail(event.currentTarget.value)} error={error} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <NativeSelect label="Team" value={teamId} onChange={(event) => setTeamId(event.currentTarget.value)} data={[{ value: NO_TEAM, label: 'No team' }, ...inPlay.map((team) => ({ value: String(team.id), label: team.name }))]} />
          </Grid.Col>
        </Grid>
        <Button type="submit" disabled={assign.isPending} style={{ alignSelf: 'flex-start' }}>
          {assign.isPending ? 'Loading...' : 'Place from today'}
        </Button>
      </Stack>
    </Paper>
  );
}
