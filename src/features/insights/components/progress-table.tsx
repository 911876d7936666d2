import { Table } from '@mantine/core';
import type { MyProgress } from '../../../api/contract/insights';
import { formatNumber, longMonth } from '../month-label';

/** Every value of the progress charts, month by month. */
export function ProgressTable({ progress }: { progress: MyProgress }) {
  // Focusable, so keyboard users can scroll it on a phone.
  return (
    <Table.ScrollContainer minWidth={520} type="native" tabIndex={0} role="region" aria-label="Your months, scrollable">
      <Table striped>
        <Table.Caption>{`Your months in the ${progress.levelOfCompetition} level`}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Month</Table.Th>
            <Table.Th scope="col">Minutes</Table.Th>
            <Table.Th scope="col">Points</Table.Th>
            <Table.Th scope="col">Rank in level</Table.Th>
            <Table.Th scope="col">Level median</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {progress.months.map((month) => (
            <Table.Tr key={month.month}>
              <Table.Th scope="row" fw={500}>
                {longMonth(month.month)}
              </Table.Th>
              <Table.Td>{formatNumber(month.minutes)}</Table.Td>
              <Table.Td>{formatNumber(month.points)}</Table.Td>
              <Table.Td>{month.rank === null ? '–' : `${month.rank} of ${month.competitors}`}</Table.Td>
              <Table.Td>{formatNumber(month.levelMedian)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
