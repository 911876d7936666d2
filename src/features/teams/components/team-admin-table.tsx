import { Badge, Button, Group, Table, Text, TextInput } from '@mantine/core';
import { ListTable } from '../../../components/list-table';
import { useState } from 'react';
import type { TeamAdminRow } from '../../../api/contract/teams';
import { useArchiveTeam } from '../api/use-archive-team';
import { useRenameTeam } from '../api/use-rename-team';

function TeamRow({ team }: { team: TeamAdminRow }) {
  const rename = useRenameTeam();
  const archive = useArchiveTeam();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(team.name);
  const [confirming, setConfirming] = useState(false);
  return (
    <Table.Tr>
      <Table.Td>
        {editing ? (
          <Group gap="xs" wrap="nowrap">
            <TextInput aria-label={`New name of ${team.name}`} value={name} onChange={(event) => setName(event.currentTarget.value)} size="xs" />
            <Button size="xs" disabled={rename.isPending} onClick={() => rename.mutate({ id: team.id, name }, { onSuccess: () => setEditing(false) })}>
              Save
            </Button>
            <Button size="xs" variant="subtle" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </Group>
        ) : (
          <>
            {team.name}
            {team.archived ? (
              <Badge ml="xs" size="sm" variant="outline" color="gray">
                Archived
              </Badge>
            ) : null}
          </>
        )}
      </Table.Td>
      <Table.Td ta="right">{team.members}</Table.Td>
      <Table.Td>
        {team.archived ? null : confirming ? (
          <Group gap="xs" wrap="nowrap">
            <Text size="sm">Archive {team.name}? Its members leave it today.</Text>
            <Button size="xs" color="red" disabled={archive.isPending} onClick={() => archive.mutate(team.id)}>
              Archive
            </Button>
            <Button size="xs" variant="subtle" onClick={() => setConfirming(false)}>
              Keep
            </Button>
          </Group>
        ) : (
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" variant="light" onClick={() => setEditing(true)}>
              Rename
            </Button>
            <Button size="xs" variant="light" color="red" onClick={() => setConfirming(true)}>
              Archive
            </Button>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

export function TeamAdminTable({ teams }: { teams: TeamAdminRow[] }) {
  return (
    <ListTable
      label="All teams"
      columns={['Team', 'Members', 'Actions']}
      numericColumns={['Members']}
      minWidth={520}
      emptyText="No teams yet: create one, or import a roster with a team column"
      rows={teams.map((team) => <TeamRow key={team.id} team={team} />)}
      highlightOnHover={false}
      nowrap={false}
    />
  );
}
