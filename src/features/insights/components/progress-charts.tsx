import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { SimpleGrid } from '@mantine/core';
import type { MyProgress } from '../../../api/contract/insights';
import { formatNumber, shortMonth } from '../month-label';
import { rankAxis } from '../rank-axis';
import { CHART_HEIGHT, ChartFrame } from './chart-frame';

const RANK_POINT_PADDING = 16;

/**
 * The employee's charts. This module (and @mantine/charts + recharts with it) is loaded only when
 * there is something to draw (React.lazy in progress-section.tsx).
 */
export default function ProgressCharts({ progress }: { progress: MyProgress }) {
  const data = progress.months.map((month) => ({
    month: shortMonth(month.month),
    points: month.points,
    median: month.levelMedian,
    minutes: month.minutes,
    // No points: no place that month (a gap in the line, not a last place).
    rank: month.rank,
  }));
  const level = progress.levelOfCompetition;
  // Rank 1 at the top, down to the largest field of the year, every whole rank (or an even step) labelled.
  const ranks = rankAxis(Math.max(0, ...progress.months.map((month) => month.competitors)));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ChartFrame title="Points per month" description={`your points each month, with the median of the ${level} level as a dashed line`}>
        <LineChart
          h={CHART_HEIGHT}
          data={data}
          dataKey="month"
          series={[
            { name: 'points', label: 'Your points', color: 'teal.7' },
            { name: 'median', label: `${level} median`, color: 'gray.6', strokeDasharray: '6 4' },
          ]}
          withLegend
          valueFormatter={formatNumber}
          curveType="linear"
        />
      </ChartFrame>
      <ChartFrame title="Minutes per month" description="your activity minutes each month">
        <BarChart h={CHART_HEIGHT} data={data} dataKey="month" series={[{ name: 'minutes', label: 'Minutes', color: 'blue.7' }]} valueFormatter={formatNumber} />
      </ChartFrame>
      <ChartFrame title={`Rank in ${level}`} description={`your place among the ${level} employees who scored that month; 1 is the top`}>
        <LineChart
          h={CHART_HEIGHT}
          data={data}
          dataKey="month"
          series={[{ name: 'rank', label: 'Rank', color: 'grape.7' }]}
          connectNulls={false}
          curveType="linear"
          // Padding on both axes: a lone point (first month, rank 1) is drawn inside the plot, not on its edge.
          xAxisProps={{ padding: { left: RANK_POINT_PADDING, right: RANK_POINT_PADDING } }}
          yAxisProps={{ reversed: true, allowDecimals: false, domain: ranks.domain, ticks: ranks.ticks, interval: 0, padding: { top: RANK_POINT_PADDING, bottom: RANK_POINT_PADDING } }}
        />
      </ChartFrame>
    </SimpleGrid>
  );
}
