import { Table } from '@mantine/core';
import { levels } from '../../../api/contract/common';
import type { CompetitionOverview } from '../../../api/contract/insights';
import { formatNumber, longMonth } from '../month-label';

/** Every value of the overview charts, month by month. */
export function OverviewTable({ overview }: { overview: CompetitionOverview }) {
  // Focusable, so keyboard users can scroll it on a phone.
  return (
    <Table.ScrollContainer minWidth={760} type="native" tabIndex={0} role="region" aria-label="Month by month, scrollable">
      <Table striped>
        <Table.Caption>Month by month</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Month</Table.Th>
            <Table.Th scope="col">Active employees</Table.Th>
            {levels.map((level) => (
              <Table.Th scope="col" key={level}>{`${level} minutes`}</Table.Th>
            ))}
            <Table.Th scope="col">Event participations</Table.Th>
            <Table.Th scope="col">Step achievements</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {overview.months.map((month) => (
            <Table.Tr key={month.month}>
              <Table.Th scope="row" fw={500}>
                {longMonth(month.month)}
              </Table.Th>
              <Table.Td>{formatNumber(month.activeEmployees)}</Table.Td>
              {levels.map((level) => (
                <Table.Td key={level}>{formatNumber(month.minutesByLevel[level])}</Table.Td>
              ))}
              <Table.Td>{formatNumber(month.eventParticipations)}</Table.Td>
              <Table.Td>{formatNumber(month.stepAchievements)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
