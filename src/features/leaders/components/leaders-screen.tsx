import { Center, Loader, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { LevelOfCompetition } from '../../../api/contract/common';
import { LoadError } from '../../../components/load-error';
import { PageShell } from '../../../components/page-shell';
import { Pagination } from '../../../components/pagination';
import { useClock } from '../../../lib/use-clock';
import { competitionYearOptions } from '../../../lib/competition';
import { LEADERS_PAGE_SIZE, leadersQueries } from '../api/leaders-queries';
import { LeadersFilters } from './leaders-filters';
import { LeaderCards } from './leader-cards';
import { LeadersTable } from './leaders-table';

/** /admin/leaders: every employee of the chosen level and year, with annual and monthly points. */
export function LeadersScreen() {
  const years = competitionYearOptions(useClock().now());
  const narrow = useMediaQuery('(max-width: 48em)');
  const [level, setLevel] = useState<LevelOfCompetition | null>(null);
  const [year, setYear] = useState(years[0]!);
  const [page, setPage] = useState(1);
  const list = useQuery(leadersQueries.list({ level, year, page }));
  const totalPages = Math.ceil((list.data?.count ?? 0) / LEADERS_PAGE_SIZE);

  return (
    <PageShell title="Leaders" size="xl">
      <LeadersFilters
        level={level}
        year={year}
        years={years}
        onLevelChange={(next) => {
          setLevel(next);
          setPage(1);
        }}
        onYearChange={(next) => {
          setYear(next);
          setPage(1);
        }}
      />
      {list.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading leaders" />
        </Center>
      ) : list.isError ? (
        <LoadError what="the leaders" message={list.error.message} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : (
        <Stack gap="md" aria-busy={list.isFetching} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {narrow ? <LeaderCards rows={list.data?.rows ?? []} /> : <LeadersTable rows={list.data?.rows ?? []} />}
          <Pagination page={page} totalPages={totalPages} onChange={setPage} label="Leaders pages" />
        </Stack>
      )}
    </PageShell>
  );
}
