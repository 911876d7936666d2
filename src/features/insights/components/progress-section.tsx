import { Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useState } from 'react';
import { currentCompetitionYear, competitionYearLabel } from '@/domain/competition';
import { LoadError } from '../../../components/load-error';
import { useClock } from '../../../lib/use-clock';
import { insightsQueries } from '../api/insights-queries';
import { ChartSkeleton } from './chart-frame';
import { ProgressTable } from './progress-table';
import { ViewSwitch, type InsightsViewMode } from './view-switch';
import { YearSelect } from './year-select';

const ProgressCharts = lazy(() => import('./progress-charts'));

export const NO_PROGRESS_TEXT = 'No points in this competition year yet. Log an activity on your dashboard to see your progress here.';

/** "My progress" on the profile page: the competition year month by month. */
export function ProgressSection() {
  const [year, setYear] = useState(currentCompetitionYear(useClock().now()));
  const [mode, setMode] = useState<InsightsViewMode>('chart');
  const progress = useQuery(insightsQueries.progress(year));
  const empty = progress.data?.months.every((month) => month.points === 0 && month.minutes === 0);

  return (
    <Stack gap="md" component="section" aria-labelledby="my-progress-title">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} size="h3" id="my-progress-title">
          My progress
        </Title>
        <Group align="flex-end">
          <YearSelect value={year} onChange={setYear} />
          {!empty && progress.data && <ViewSwitch value={mode} onChange={setMode} />}
        </Group>
      </Group>
      {progress.isPending ? (
        <div aria-busy="true" aria-label="Loading your progress">
          <ChartSkeleton />
        </div>
      ) : progress.isError ? (
        <LoadError what="your progress" message={progress.error.message} onRetry={() => void progress.refetch()} retrying={progress.isFetching} />
      ) : empty ? (
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
