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

type Paged<Row extends { id: number }> = { rows: Row[]; count: number };
type ListQuery<Row extends { id: number }> = { data?: Paged<Row>; isPending: boolean; isPlaceholderData: boolean; error: Error | null };
type ListText<Row extends { id: number }> = { label: string; columns: PagedColumn<Row>[]; pageSize: number; emptyText: string };

/** One of the three tabs: a paged table fed by its query, with SPEC 2's empty text. */
function WorkoutList<Row extends { id: number }>({
  query,
  text,
  page,
  onPageChange,
}: { query: ListQuery<Row>; text: ListText<Row> } & Omit<ListProps, 'userId'>) {
  return (
    <PagedTable
      {...text}
      rows={query.data?.rows}
      count={query.data?.count ?? 0}
      page={page}
      loading={query.isPending}
      error={query.error?.message}
      fetching={query.isPlaceholderData}
      onPageChange={onPageChange}
    />
  );
}

/** SPEC 2 "Admin workouts": activities, 8 per page. */
export function ActivitiesList({ userId, ...paging }: ListProps) {
  const query = useQuery(adminUsersQueries.workouts(userId, paging.page));
  const text = { label: 'Activities', columns: activityColumns, pageSize: WORKOUTS_PAGE_SIZE, emptyText: 'User has no activities' };
  return <WorkoutList query={query} text={text} {...paging} />;
}

export function AchievementsList({ userId, ...paging }: ListProps) {
  const query = useQuery(adminUsersQueries.achievements(userId, paging.page));
  const text = {
    label: 'Achievements',
    columns: achievementColumns,
    pageSize: ACHIEVEMENTS_PAGE_SIZE,
    emptyText: 'User has no achievements yet',
  };
  return <WorkoutList query={query} text={text} {...paging} />;
}

export function EventsList({ userId, ...paging }: ListProps) {
  const query = useQuery(adminUsersQueries.events(userId, paging.page));
  const text = { label: 'Events participation', columns: eventColumns, pageSize: EVENTS_PAGE_SIZE, emptyText: 'User has no events yet' };
  return <WorkoutList query={query} text={text} {...paging} />;
}
