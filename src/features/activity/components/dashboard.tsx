import type FullCalendar from '@fullcalendar/react';
import type { DatesSetArg } from '@fullcalendar/core';
import { LoadingOverlay, Paper, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Suspense, lazy, useRef, useState } from 'react';
import { useQueuedWrites, type QueuedWrite } from '../../../api/offline/queued-writes';
import { useKeptSuspenseQuery } from '../../../lib/use-kept-suspense-query';
import { activityQueries } from '../api/activity-queries';
import { useToggleDailySteps } from '../api/use-toggle-daily-steps';
import { useIsEditableDay, useToday } from '../dashboard-clock';
import { monthOfRange, monthStartOf } from '../month';
import { ActivitiesListModal } from './activities-list-modal';
import { ActivityCalendar } from './activity-calendar';
import type { ActivityTarget } from './activity-modal';
import { CalendarToolbar } from './calendar-toolbar';
import { MonthTotals } from './month-totals';
import { ParticipatedEventsModal } from './participated-events-modal';
import { withQueuedWrites, type CalendarActivity } from '../queued-overlay';
import { QUEUED_WRITES_HEADING_ID } from './queued-writes-heading';
import { formValuesOfWrite } from '../queued-form-values';

// The activity form (with its number input) comes with the first 'Add' or click on an activity:
// the month shows without it (precached, so it opens offline too).
const ActivityModal = lazy(() => import('./activity-modal').then((module) => ({ default: module.ActivityModal })));
// Only a device with writes waiting or refused needs the list (its code comes then; precached for offline).
const QueuedWritesPanel = lazy(() => import('./queued-writes-panel').then((module) => ({ default: module.QueuedWritesPanel })));

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
  const queuedWrites = useQueuedWrites();
  const data = monthQuery.isStale ? undefined : withQueuedWrites(monthQuery.data, queuedWrites, month);
  const monthLoading = monthQuery.isStale;

  // The month is the one holding the midpoint of the visible range (docs/product-rules.md#dashboard-and-calendar).
  const onDatesSet = (arg: DatesSetArg) => setMonth(monthOfRange(arg.start, arg.end));
  const api = () => calendarRef.current?.getApi();
  const onToggleSteps = (day: string, achieved: boolean) => toggleSteps.mutate({ date: day, achieved });
  const pendingStarDay = toggleSteps.isPending ? (toggleSteps.variables?.date ?? null) : null;
  // A queued entry is dealt with in the list of waiting changes (its Discard and Edit).
  const openActivity = (activity: CalendarActivity) =>
    activity.queued ? document.getElementById(QUEUED_WRITES_HEADING_ID)?.focus() : setActivityTarget({ kind: 'edit', activity });
  const editRefused = (write: QueuedWrite) => {
    const form = formValuesOfWrite(write);
    if (!form) return;
    // A closed day cannot take it again: the form opens on today instead.
    const day = isEditable(form.day) ? form.day : today;
    setActivityTarget({ kind: 'add', day, initial: form.values, replaces: write.id });
  };
  const addActivity = (day: string) => setActivityTarget({ kind: 'add', day });
  const listActivities = listDay ? (data?.activities ?? []).filter((activity) => activity.startDate === listDay) : [];

  return (
    <Stack gap="md">
      {queuedWrites.length > 0 && (
        <Suspense fallback={null}>
          <QueuedWritesPanel writes={queuedWrites} onEdit={editRefused} />
        </Suspense>
      )}
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
        onEdit={(activity: CalendarActivity) => {
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
      {activityTarget && (
        <Suspense fallback={null}>
          <ActivityModal target={activityTarget} onClose={() => setActivityTarget(null)} />
        </Suspense>
      )}
      <ParticipatedEventsModal day={eventsDay} onClose={() => setEventsDay(null)} />
    </Stack>
  );
}
