import { Group, Stack, Text, Title } from '@mantine/core';
import { Suspense, lazy, useState } from 'react';
import { currentCompetitionYear, competitionYearLabel } from '@/domain/competition';
import { QuerySection } from '../../../components/query-section';
import { useClock } from '../../../lib/use-clock';
import { useKeptSuspenseQuery } from '../../../lib/use-kept-suspense-query';
import { insightsQueries } from '../api/insights-queries';
import { ChartSkeleton } from './chart-frame';
import { ProgressTable } from './progress-table';
import { ViewSwitch, type InsightsViewMode } from './view-switch';
import { CompetitionYearSelect } from '../../../components/competition-year-select';

const ProgressCharts = lazy(() => import('./progress-charts'));

export const NO_PROGRESS_TEXT = 'No points in this competition year yet. Log an activity on your dashboard to see your progress here.';

/** The view switch and the months of `year`: another year keeps the shown one until its own data arrive. */
function ProgressContent({ year }: { year: number }) {
  const [mode, setMode] = useState<InsightsViewMode>('chart');
  const progress = useKeptSuspenseQuery(insightsQueries.progress(year));
  const empty = progress.data.months.every((month) => month.points === 0 && month.minutes === 0);

  return (
    <Stack gap="md" aria-busy={progress.isStale} style={{ opacity: progress.isStale ? 0.6 : 1 }}>
      {!empty && (
        <Group justify="flex-end">
          <ViewSwitch value={mode} onChange={setMode} />
        </Group>
      )}
      {empty ? (
        <Text c="dimmed">{`${competitionYearLabel(year)}: ${NO_PROGRESS_TEXT}`}</Text>
      ) : mode === 'table' ? (
        <ProgressTable progress={progress.data} />
      ) : (
        <Suspense fallback={<ChartSkeleton />}>
          <ProgressCharts progress={progress.data} />
        </Suspense>
      )}
    </Stack>
  );
}

/**
 * "My progress" on the profile page: the competition year month by month. The profile's loader only
 * starts this fetch: the form above does not wait for the charts, and a failure here stays here.
 */
export function ProgressSection() {
  const [year, setYear] = useState(currentCompetitionYear(useClock().now()));
  return (
    <Stack gap="md" component="section" aria-labelledby="my-progress-title">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} size="h3" id="my-progress-title">
          My progress
        </Title>
        <CompetitionYearSelect value={year} onChange={setYear} />
      </Group>
      <QuerySection what="your progress" pendingLabel="Loading your progress" pending={<ChartSkeleton />}>
        <ProgressContent year={year} />
      </QuerySection>
    </Stack>
  );
}
