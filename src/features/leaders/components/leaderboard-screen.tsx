import { CompetitionYearSelect } from '../../../components/competition-year-select';
import { SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { levels } from '../../../api/contract/common';
import { useSession } from '../../../api/session';
import { PageShell } from '../../../components/page-shell';
import { useClock } from '../../../lib/use-clock';
import { useKeptSuspenseQuery } from '../../../lib/use-kept-suspense-query';
import { competitionYearOptions } from '@/domain/competition';
import { leaderboardQueries } from '../api/leaderboard-queries';
import { LeaderColumn } from './leader-column';

/** /leaderboard: four level columns; admins also pick the competition year (last 5, not before 2022). */
export function LeaderboardScreen() {
  const session = useSession();
  const isAdmin = session?.user.role === 'admin';
  const years = competitionYearOptions(useClock().now());
  const [year, setYear] = useState<number>(years[0]!);
  // The route's loader brought this year's standings; another year keeps these columns until its own arrive.
  const top = useKeptSuspenseQuery(leaderboardQueries.top(isAdmin ? year : undefined));

  const yearSelect = isAdmin ? (
<CompetitionYearSelect value={year} onChange={setYear} />
  ) : undefined;

  return (
    <PageShell title="Leaderboard" size="xl" actions={yearSelect}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" aria-busy={top.isFetching || top.isStale} style={{ opacity: top.isStale ? 0.6 : 1 }}>
        {levels.map((level) => (
          <LeaderColumn key={level} level={level} leaders={top.data[level] ?? []} viewerId={session?.user.id ?? null} />
        ))}
      </SimpleGrid>
    </PageShell>
  );
}
