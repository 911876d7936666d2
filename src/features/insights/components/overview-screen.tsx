import { Group, Stack, Text } from '@mantine/core';
import { Suspense, lazy, useState } from 'react';
import { competitionYearLabel } from '@/domain/competition';
import { PageShell } from '../../../components/page-shell';
import { useKeptSuspenseQuery } from '../../../lib/use-kept-suspense-query';
import { insightsQueries } from '../api/insights-queries';
import { ChartSkeleton } from './chart-frame';
import { OverviewTable } from './overview-table';
import { TrackerStats } from './tracker-stats';
import { ViewSwitch, type InsightsViewMode } from './view-switch';
import { CompetitionYearSelect } from '../../../components/competition-year-select';

const OverviewCharts = lazy(() => import('./overview-charts'));

export const NO_OVERVIEW_TEXT = 'Nobody has scored in this competition year yet.';

/** /admin/overview: the competition year at a glance (the year lives in the URL). */
export function OverviewScreen({ year, onYearChange }: { year: number; onYearChange: (year: number) => void }) {
  const [mode, setMode] = useState<InsightsViewMode>('chart');
  // The route's loader brought the year of the URL; another year keeps this one, dimmed, until its own arrives.
  const overview = useKeptSuspenseQuery(insightsQueries.overview(year));
  const empty = overview.data.months.every((month) => month.activeEmployees === 0);

  return (
    <PageShell title="Competition overview" size="xl" actions={<CompetitionYearSelect value={year} onChange={onYearChange} />}>
      <Stack gap="lg" aria-busy={overview.isStale} style={{ opacity: overview.isStale ? 0.6 : 1 }}>
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
    </PageShell>
  );
}
