import { Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useState } from 'react';
import { competitionYearLabel } from '@/domain/competition';
import { LoadError } from '../../../components/load-error';
import { PageShell } from '../../../components/page-shell';
import { insightsQueries } from '../api/insights-queries';
import { ChartSkeleton } from './chart-frame';
import { OverviewTable } from './overview-table';
import { TrackerStats } from './tracker-stats';
import { ViewSwitch, type InsightsViewMode } from './view-switch';
import { YearSelect } from './year-select';

const OverviewCharts = lazy(() => import('./overview-charts'));

export const NO_OVERVIEW_TEXT = 'Nobody has scored in this competition year yet.';

/** /admin/overview: the competition year at a glance (the year lives in the URL). */
export function OverviewScreen({ year, onYearChange }: { year: number; onYearChange: (year: number) => void }) {
  const [mode, setMode] = useState<InsightsViewMode>('chart');
  const overview = useQuery(insightsQueries.overview(year));
  const empty = overview.data?.months.every((month) => month.activeEmployees === 0);

  return (
    <PageShell title="Competition overview" size="xl" actions={<YearSelect value={year} onChange={onYearChange} />}>
      {overview.isPending ? (
        <div aria-busy="true" aria-label="Loading the overview">
          <ChartSkeleton />
        </div>
      ) : overview.isError ? (
        <LoadError what="the overview" message={overview.error.message} onRetry={() => void overview.refetch()} retrying={overview.isFetching} />
      ) : (
        <Stack gap="lg">
          <TrackerStats trackers={overview.data.trackers} />
          {empty ? (
            <Text c="dimmed">{`${competitionYearLabel(year)}: ${NO_OVERVIEW_TEXT}`}</Text>
          ) : (
            <>
              <Group justify="flex-end">
                <ViewSwitch value={mode} onChange={setMode} />
              </Group>
              {mode === 'table' ? (
                <OverviewTable overview={overview.data} />
              ) : (
                <Suspense fallback={<ChartSkeleton />}>
                  <OverviewCharts overview={overview.data} />
                </Suspense>
              )}
            </>
          )}
        </Stack>
      )}
    </PageShell>
  );
}
