import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { SimpleGrid } from '@mantine/core';
import { levels } from '../../../api/contract/common';
import type { CompetitionOverview } from '../../../api/contract/insights';
import { formatNumber, shortMonth } from '../month-label';
import { CHART_HEIGHT, ChartFrame } from './chart-frame';

/** Counts: no 0.5 ticks. */
const wholeNumbers = { allowDecimals: false };

const levelColors = { Beginner: 'teal.7', Intermediate: 'blue.7', Advanced: 'grape.7', Elite: 'orange.8' } as const;

/** The admin overview's charts, loaded only with the overview (React.lazy in overview-screen.tsx). */
export default function OverviewCharts({ overview }: { overview: CompetitionOverview }) {
  const data = overview.months.map((month) => ({
    month: shortMonth(month.month),
    active: month.activeEmployees,
    events: month.eventParticipations,
    steps: month.stepAchievements,
    ...month.minutesByLevel,
  }));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ChartFrame title="Active employees per month" description="employees who scored points each month">
        <BarChart h={CHART_HEIGHT} data={data} dataKey="month" series={[{ name: 'active', label: 'Active employees', color: 'teal.7' }]} valueFormatter={formatNumber} yAxisProps={wholeNumbers} />
      </ChartFrame>
      <ChartFrame title="Minutes per level" description="activity minutes each month, stacked by level of competition">
        <BarChart
          h={CHART_HEIGHT}
          data={data}
          dataKey="month"
          type="stacked"
          series={levels.map((level) => ({ name: level, color: levelColors[level] }))}
          withLegend
          valueFormatter={formatNumber}
        />
      </ChartFrame>
      <ChartFrame title="Events and step achievements" description="event participations and daily 10,000-step achievements each month">
        <LineChart
          h={CHART_HEIGHT}
          data={data}
          dataKey="month"
          curveType="linear"
          yAxisProps={wholeNumbers}
          series={[
            { name: 'events', label: 'Event participations', color: 'orange.8' },
            { name: 'steps', label: 'Step achievements', color: 'blue.7' },
          ]}
          withLegend
          valueFormatter={formatNumber}
        />
      </ChartFrame>
    </SimpleGrid>
  );
}
