import { Anchor, Badge, Table, Text } from '@mantine/core';
import { ListTable } from '../../../components/list-table';
import { Link } from '@tanstack/react-router';
import type { TeamStanding } from '../../../api/contract/teams';

/** The leaderboard's columns, exactly (docs/product-rules.md#teams). */
const columns = ['Team', 'Average points', 'Total points', 'Members', 'Active this month'] as const;

const number = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 1 });
const share = (active: number, members: number) => (members === 0 ? '0' : `${active} (${Math.round((active / members) * 100)} %)`);

export function StandingsTable({ rows, myTeamId, year }: { rows: TeamStanding[]; myTeamId: number | null; year: number }) {
  return (
    <ListTable
      label="Teams"
      columns={columns}
      numericColumns={columns.slice(1)}
      minWidth={560}
      emptyText="No teams in this competition year"
      rows={rows.map((row) => {
        const mine = row.teamId === myTeamId;
        return (
          <Table.Tr key={row.teamId} aria-current={mine ? 'true' : undefined} bg={mine ? 'var(--mantine-primary-color-light)' : undefined}>
            <Table.Td>
              <Text span c="dimmed" mr={6}>
                {row.place}.
              </Text>
              <Anchor renderRoot={(props) => <Link to="/teams/$teamId" params={{ teamId: String(row.teamId) }} search={{ year }} {...props} />}>{row.name}</Anchor>
              {mine ? (
                <Badge ml="xs" size="sm" variant="light">
                  Your team
                </Badge>
              ) : null}
              {row.archived ? (
                <Badge ml="xs" size="sm" variant="outline" color="gray">
                  Archived
                </Badge>
              ) : null}
            </Table.Td>
            <Table.Td ta="right">{number(row.averagePoints)}</Table.Td>
            <Table.Td ta="right">{number(row.totalPoints)}</Table.Td>
            <Table.Td ta="right">{row.members}</Table.Td>
            <Table.Td ta="right">{share(row.activeMembers, row.members)}</Table.Td>
          </Table.Tr>
        );
      })}
    />
  );
}
