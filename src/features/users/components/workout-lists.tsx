import { Badge, Center, Loader } from '@mantine/core';
import type { DefaultError, QueryKey, UseSuspenseQueryOptions } from '@tanstack/react-query';
import { QuerySection } from '../../../components/query-section';
import { useKeptSuspenseQuery } from '../../../lib/use-kept-suspense-query';
import type { AchievementRow, EventRow, WorkoutRow } from '../../../api/contract/users';
import { ACHIEVEMENTS_PAGE_SIZE, EVENTS_PAGE_SIZE, WORKOUTS_PAGE_SIZE, adminUsersQueries } from '../api/admin-users-queries';
import { dayOf, minutesLabel, pointsLabel, yesNo } from './labels';
import { PagedTable, type PagedColumn } from './paged-table';

type ListProps = { userId: number; page: number; onPageChange: (page: number) => void };

const yesNoBadge = (value: boolean) => (
  <Badge variant="light" color={value ? 'teal' : 'gray'} radius="sm" tt="none">
    {yesNo(value)}
  </Badge>
);

/** A Strava import shows only its points (Strava's API agreement), inside the name: the tab keeps its four columns. */
const workoutName = (row: WorkoutRow) => (row.importedFromStrava ? `${row.name} (${pointsLabel(row.points)})` : row.name);

const activityColumns: PagedColumn<WorkoutRow>[] = [
  { header: 'Activity name', cell: workoutName },
  { header: 'Moving time', cell: (row) => (row.movingTime === null ? '—' : minutesLabel(row.movingTime)), nowrap: true },
  { header: 'Date', cell: (row) => (row.startDate === null ? '—' : dayOf(row.startDate)), nowrap: true },
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
type ListText<Row extends { id: number }> = { label: string; columns: PagedColumn<Row>[]; pageSize: number; emptyText: string };
type ListOf<Row extends { id: number }, Key extends QueryKey> = { query: UseSuspenseQueryOptions<Paged<Row>, DefaultError, Paged<Row>, Key>; text: ListText<Row> } & Omit<ListProps, 'userId'>;

/** The rows of one page; another page keeps these, dimmed, until its own arrive. */
function WorkoutRows<Row extends { id: number }, Key extends QueryKey>({ query, text, page, onPageChange }: ListOf<Row, Key>) {
  const list = useKeptSuspenseQuery(query);
  return <PagedTable {...text} rows={list.data.rows} count={list.data.count} page={page} fetching={list.isStale} onPageChange={onPageChange} />;
}

/**
 * One of the three tabs: a paged table fed by its suspense query, with its empty text (docs/product-rules.md#ui-texts). The route's
 * loader brought the first tab; the others load inside their tab (own loader and Retry), not the page.
 */
function WorkoutList<Row extends { id: number }, Key extends QueryKey>(props: ListOf<Row, Key>) {
  const label = props.text.label.toLowerCase();
  return (
    <QuerySection
      what={label}
      pendingLabel={`Loading ${label}`}
      pending={
        <Center py="xl">
          <Loader />
        </Center>
      }
    >
      <WorkoutRows {...props} />
    </QuerySection>
  );
}

/** docs/product-rules.md#users-management: activities, 8 per page. */
export function ActivitiesList({ userId, ...paging }: ListProps) {
  const text = { label: 'Activities', columns: activityColumns, pageSize: WORKOUTS_PAGE_SIZE, emptyText: 'User has no activities' };
  return <WorkoutList query={adminUsersQueries.workouts(userId, paging.page)} text={text} {...paging} />;
}

export function AchievementsList({ userId, ...paging }: ListProps) {
  const text = {
    label: 'Achievements',
    columns: achievementColumns,
    pageSize: ACHIEVEMENTS_PAGE_SIZE,
    emptyText: 'User has no achievements yet',
  };
  return <WorkoutList query={adminUsersQueries.achievements(userId, paging.page)} text={text} {...paging} />;
}

export function EventsList({ userId, ...paging }: ListProps) {
  const text = { label: 'Events participation', columns: eventColumns, pageSize: EVENTS_PAGE_SIZE, emptyText: 'User has no events yet' };
  return <WorkoutList query={adminUsersQueries.events(userId, paging.page)} text={text} {...paging} />;
}
