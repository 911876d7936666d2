import { Table, Text } from '@mantine/core';
import type { LeaderRow } from '../../../api/contract/leaders';

const columns = ['First name', 'Last name', 'Email', 'Level of competition', 'Annual Points', 'Monthly Points'];

export function LeadersTable({ rows }: { rows: LeaderRow[] }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Leaders" style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column} style={column.endsWith('Points') ? { textAlign: 'right' } : undefined}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text c="dimmed" size="sm">
                  No users match these filters
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => (
              <Table.Tr key={row.userId}>
                <Table.Td>{row.firstName}</Table.Td>
                <Table.Td>{row.lastName}</Table.Td>
                <Table.Td>{row.email}</Table.Td>
                <Table.Td>{row.levelOfCompetition}</Table.Td>
                <Table.Td ta="right">{row.annualPoints.toLocaleString('en-US')}</Table.Td>
                <Table.Td ta="right">{row.monthlyPoints.toLocaleString('en-US')}</Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
