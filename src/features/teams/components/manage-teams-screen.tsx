import { Stack } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { PageShell } from '../../../components/page-shell';
import { teamsQueries } from '../api/teams-queries';
import { AssignMemberForm } from './assign-member-form';
import { CreateTeamForm } from './create-team-form';
import { TeamAdminTable } from './team-admin-table';

/** /admin/teams: create, rename and archive teams, and place employees (every change is in the audit trail). */
export function ManageTeamsScreen() {
  const { data: teams } = useSuspenseQuery(teamsQueries.adminList());
  return (
    <PageShell title="Manage teams" size="lg">
      <Stack gap="lg">
        <CreateTeamForm />
        <AssignMemberForm teams={teams} />
        <TeamAdminTable teams={teams} />
      </Stack>
    </PageShell>
  );
}
