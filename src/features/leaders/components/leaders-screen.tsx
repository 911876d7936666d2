import { Center, Loader, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { leadersEndpoints } from '../../../api/contract/leaders';
import { downloadFile } from '../../../api/download';
import { DownloadButton } from '../../../components/download-button';
import { LoadError } from '../../../components/load-error';
import { PageShell } from '../../../components/page-shell';
import { Pagination } from '../../../components/pagination';
import { useClock } from '../../../lib/use-clock';
import { competitionYearOptions } from '@/domain/competition';
import { LEADERS_PAGE_SIZE, leadersQueries } from '../api/leaders-queries';
import { LeadersFilters } from './leaders-filters';
import type { LeadersView } from '../leaders-view';
import { LeaderCards } from './leader-cards';
import { LeadersTable } from './leaders-table';

type Props = { view: LeadersView; onViewChange: (next: Partial<LeadersView>, options?: { replace?: boolean }) => void };

/** /admin/leaders: every employee of the chosen level and year, with annual and monthly points; the view lives in the URL. */
export function LeadersScreen({ view, onViewChange }: Props) {
  const years = competitionYearOptions(useClock().now());
  const narrow = useMediaQuery('(max-width: 48em)');
  const level = view.level ?? null;
  const year = view.year && years.includes(view.year) ? view.year : years[0]!;
  const page = view.page;
  const setPage = (next: number) => onViewChange({ page: next });
  const list = useQuery(leadersQueries.list({ level, year, page, search: view.search }));
  const totalPages = Math.ceil((list.data?.count ?? 0) / LEADERS_PAGE_SIZE);

  return (
    <PageShell
      title="Leaders"
      size="xl"
      actions={<DownloadButton download={() => downloadFile(leadersEndpoints.exportList, { query: { levelOfCompetition: level ?? undefined, competitionYear: year, search: view.search } })} />}
    >
      <LeadersFilters
        level={level}
        year={year}
        years={years}
        search={view.search}
        onLevelChange={(next) => onViewChange({ level: next ?? undefined, page: 1 })}
        onYearChange={(next) => onViewChange({ year: next === years[0] ? undefined : next, page: 1 })}
        onSearchChange={(next) => onViewChange({ search: next, page: 1 }, { replace: true })}
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
