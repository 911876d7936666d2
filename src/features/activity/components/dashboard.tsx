import type FullCalendar from '@fullcalendar/react';
import type { DatesSetArg } from '@fullcalendar/core';
import { LoadingOverlay, Paper, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useRef, useState } from 'react';
import type { Activity } from '../../../api/contract/activity';
import { useKeptSuspenseQuery } from '../../../lib/use-kept-suspense-query';
import { activityQueries } from '../api/activity-queries';
import { useToggleDailySteps } from '../api/use-toggle-daily-steps';
import { useIsEditableDay, useToday } from '../dashboard-clock';
import { monthOfRange, monthStartOf } from '../month';
import { ActivitiesListModal } from './activities-list-modal';
import { ActivityCalendar } from './activity-calendar';
import { ActivityModal, type ActivityTarget } from './activity-modal';
import { CalendarToolbar } from './calendar-toolbar';
import { MonthTotals } from './month-totals';
import { ParticipatedEventsModal } from './participated-events-modal';

/** The employee dashboard: month calendar, its modals and the totals below. */
export function EmployeeDashboard() {
  const today = useToday();
  const isEditable = useIsEditableDay();
  const compact = useMediaQuery('(max-width: 48em)') ?? false;
  const calendarRef = useRef<FullCalendar>(null);
  const [month, setMonth] = useState(() => monthStartOf(today));
  const [activityTarget, setActivityTarget] = useState<ActivityTarget | null>(null);
  const [eventsDay, setEventsDay] = useState<string | null>(null);
  const [listDay, setListDay] = useState<string | null>(null);
  // The route's loader brought the current month; another month loads while the grid stays,
  // dimmed under a loader (the previous month's markers are not drawn on it).
  const monthQuery = useKeptSuspenseQuery(activityQueries.month(month));
  const toggleSteps = useToggleDailySteps();
  const data = monthQuery.isStale ? undefined : monthQuery.data;
  const monthLoading = monthQuery.isStale;

  // The month is the one holding the midpoint of the visible range (docs/product-rules.md#dashboard-and-calendar).
  const onDatesSet = (arg: DatesSetArg) => setMonth(monthOfRange(arg.start, arg.end));
  const api = () => calendarRef.current?.getApi();
  const onToggleSteps = (day: string, achieved: boolean) => toggleSteps.mutate({ date: day, achieved });
  const pendingStarDay = toggleSteps.isPending ? toggleSteps.variables.date : null;
  const openActivity = (activity: Activity) => setActivityTarget({ kind: 'edit', activity });
  const addActivity = (day: string) => setActivityTarget({ kind: 'add', day });
  const listActivities = listDay ? (data?.activities ?? []).filter((activity) => activity.startDate === listDay) : [];

  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }} shadow="xs" className="wc-calendar" pos="relative">
        <LoadingOverlay visible={monthLoading} zIndex={5} overlayProps={{ blur: 1, backgroundOpacity: 0.35 }} loaderProps={{ 'aria-label': 'Loading month' }} />
        <Stack gap="sm">
          <CalendarToolbar
            month={month}
            isCurrentMonth={month === monthStartOf(today)}
            onPrev={() => api()?.prev()}
            onNext={() => api()?.next()}
            onToday={() => api()?.gotoDate(today)}
          />
          <ActivityCalendar
            ref={calendarRef}
            month={month}
            data={data}
            compact={compact}
            isEditable={isEditable}
            pendingStarDay={pendingStarDay}
            onDatesSet={onDatesSet}
            onOpenActivity={openActivity}
            onToggleSteps={onToggleSteps}
            onOpenEvents={setEventsDay}
            onAddActivity={addActivity}
            onOpenDay={setListDay}
          />
        </Stack>
      </Paper>
      <MonthTotals totals={data?.movingAnalytics} fetching={monthQuery.isFetching} />

      <ActivitiesListModal
        day={listDay}
        activities={listActivities}
        achieved={listDay !== null && Boolean(data?.dailyStepsAchievements.some((step) => step.date === listDay))}
        hasEvents={listDay !== null && Boolean(data?.eventParticipationDates.includes(listDay))}
        editable={listDay !== null && isEditable(listDay)}
        starPending={pendingStarDay !== null && pendingStarDay === listDay}
        onClose={() => setListDay(null)}
        onEdit={(activity) => {
          setListDay(null);
          openActivity(activity);
        }}
        onAdd={(day) => {
          setListDay(null);
          addActivity(day);
        }}
        onToggleSteps={onToggleSteps}
        onOpenEvents={(day) => {
          setListDay(null);
          setEventsDay(day);
        }}
      />
      <ActivityModal target={activityTarget} onClose={() => setActivityTarget(null)} />
      <ParticipatedEventsModal day={eventsDay} onClose={() => setEventsDay(null)} />
    </Stack>
  );
}
