import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AchievementRow, EventRow, WorkoutRow } from '../../../api/contract/users';
import { ACHIEVEMENTS_PAGE_SIZE, EVENTS_PAGE_SIZE, WORKOUTS_PAGE_SIZE, adminUsersQueries } from '../api/admin-users-queries';
import { dayOf, minutesLabel, yesNo } from './labels';
import { PagedTable, type PagedColumn } from './paged-table';

type ListProps = { userId: number; page: number; onPageChange: (page: number) => void };

const yesNoBadge = (value: boolean) => (
  <Badge variant="light" color={value ? 'teal' : 'gray'} radius="sm" tt="none">
    {yesNo(value)}
  </Badge>
);

const activityColumns: PagedColumn<WorkoutRow>[] = [
  { header: 'Activity name', cell: (row) => row.name },
  { header: 'Moving time', cell: (row) => minutesLabel(row.movingTime), nowrap: true },
  { header: 'Date', cell: (row) => dayOf(row.startDate), nowrap: true },
];
const achievementColumns: PagedColumn<AchievementRow>[] = [
  { header: 'Date', cell: (row) => row.date, nowrap: true },
  { header: 'Was reached 10000 steps?', cell: (row) => yesNoBadge(row.isDailyStepsBonus) },
];
const eventColumns: PagedColumn<EventRow>[] = [
  { header: 'Title', cell: (row) => row.name },
  { header: 'Date', cell: (row) => row.date, nowrap: true },
  { header: 'Was in the top three?', cell: (row) => yesNoBadge(row.isInTheTopThree) },
];

/** SPEC 2 "Admin workouts": activities, 8 per page. */
export function ActivitiesList({ userId, page, onPageChange }: ListProps) {
  const query = useQuery(adminUsersQueries.workouts(userId, page));
  return (
    <PagedTable
      label="Activities"
      columns={activityColumns}
      rows={query.data?.rows}
      count={query.data?.count ?? 0}
      page={page}
      pageSize={WORKOUTS_PAGE_SIZE}
      loading={query.isPending}
      error={query.error?.message}
      fetching={query.isPlaceholderData}
      emptyText="User has no activities"
      onPageChange={onPageChange}
    />
  );
}

export function AchievementsList({ userId, page, onPageChange }: ListProps) {
  const query = useQuery(adminUsersQueries.achievements(userId, page));
  return (
    <PagedTable
      label="Achievements"
      columns={achievementColumns}
      rows={query.data?.rows}
      count={query.data?.count ?? 0}
      page={page}
      pageSize={ACHIEVEMENTS_PAGE_SIZE}
      loading={query.isPending}
      error={query.error?.message}
      fetching={query.isPlaceholderData}
      emptyText="User has no achievements yet"
      onPageChange={onPageChange}
    />
  );
}

export function EventsList({ userId, page, onPageChange }: ListProps) {
  const query = useQuery(adminUsersQueries.events(userId, page));
  return (
    <PagedTable
      label="Events participation"
      columns={eventColumns}
      rows={query.data?.rows}
      count={query.data?.count ?? 0}
      page={page}
      pageSize={EVENTS_PAGE_SIZE}
      loading={query.isPending}
      error={query.error?.message}
      fetching={query.isPlaceholderData}
      emptyText="User has no events yet"
      onPageChange={onPageChange}
    />
  );
}
