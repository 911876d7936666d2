import { Table } from '@mantine/core';
import { ListTable } from '../../../components/list-table';
import type { LeaderRow } from '../../../api/contract/leaders';
import { formatWholeNumber } from '../../../lib/format-whole-number';

const columns = ['First name', 'Last name', 'Email', 'Level of competition', 'Annual Points', 'Monthly Points'];

export function LeadersTable({ rows }: { rows: LeaderRow[] }) {
  return (
    <ListTable
      label="Leaders"
      columns={columns}
      numericColumns={['Annual Points', 'Monthly Points']}
      minWidth={720}
      emptyText="No users match these filters"
      rows={rows.map((row) => (
        <Table.Tr key={row.userId}>
          <Table.Td>{row.firstName}</Table.Td>
          <Table.Td>{row.lastName}</Table.Td>
          <Table.Td>{row.email}</Table.Td>
          <Table.Td>{row.levelOfCompetition}</Table.Td>
          <Table.Td ta="right">{formatWholeNumber(row.annualPoints)}</Table.Td>
          <Table.Td ta="right">{formatWholeNumber(row.monthlyPoints)}</Table.Td>
        </Table.Tr>
      ))}
    />
  );
}
