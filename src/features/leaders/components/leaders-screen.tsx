import { Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { leadersEndpoints } from '../../../api/contract/leaders';
import { downloadFile } from '../../../api/download';
import { DownloadButton } from '../../../components/download-button';
import { PageShell } from '../../../components/page-shell';
import { Pagination } from '../../../components/pagination';
import { useClock } from '../../../lib/use-clock';
import { useKeptSuspenseQuery } from '../../../lib/use-kept-suspense-query';
import { competitionYearOptions } from '@/domain/competition';
import { LEADERS_PAGE_SIZE, leadersFilterOf, leadersQueries } from '../api/leaders-queries';
import { LeadersFilters } from './leaders-filters';
import type { LeadersView } from '../leaders-view';
import { LeaderCards } from './leader-cards';
import { LeadersTable } from './leaders-table';

type Props = { view: LeadersView; onViewChange: (next: Partial<LeadersView>, options?: { replace?: boolean }) => void };

/** /admin/leaders: every employee of the chosen level and year, with annual and monthly points; the view lives in the URL. */
export function LeadersScreen({ view, onViewChange }: Props) {
  const now = useClock().now();
  const years = competitionYearOptions(now);
  const narrow = useMediaQuery('(max-width: 48em)');
  const filter = leadersFilterOf(view, now);
  const { level, year, page } = filter;
  const setPage = (next: number) => onViewChange({ page: next });
  // The route's loader brought the first view; another page or filter keeps these rows, dimmed, until its own arrive.
  const list = useKeptSuspenseQuery(leadersQueries.list(filter));
  const totalPages = Math.ceil(list.data.count / LEADERS_PAGE_SIZE);

  return (
    <PageShell
      title="Leaders"
      size="xl"
      actions={<DownloadButton download={() => downloadFile(leadersEndpoints.exportList, { query: { levelOfCompetition: level ?? undefined, competitionYear: year, search: view.search } })} />}
    >
      <LeadersFilters
        level={level}
        year={year}
        search={view.search}
        onLevelChange={(next) => onViewChange({ level: next ?? undefined, page: 1 })}
        onYearChange={(next) => onViewChange({ year: next === years[0] ? undefined : next, page: 1 })}
        onSearchChange={(next) => onViewChange({ search: next, page: 1 }, { replace: true })}
      />
      <Stack gap="md" aria-busy={list.isFetching || list.isStale} style={{ opacity: list.isStale ? 0.6 : 1 }}>
        {narrow ? <LeaderCards rows={list.data.rows} /> : <LeadersTable rows={list.data.rows} />}
        <Pagination page={page} totalPages={totalPages} onChange={setPage} label="Leaders pages" />
      </Stack>
    </PageShell>
  );
}
