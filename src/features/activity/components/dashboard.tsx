import type FullCalendar from '@fullcalendar/react';
import type { DatesSetArg } from '@fullcalendar/core';
import { LoadingOverlay, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, memo, startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { useQueuedWrites, type QueuedWrite } from '../../../api/offline/queued-writes';
import { AppErrorBoundary } from '../../../components/app-error-boundary';
import { afterNextPaint, useAfterFirstPaint } from '../../../lib/use-after-first-paint';
import { useStableHandlers } from '../../../lib/use-stable-handlers';
import { useKeptSuspenseQuery } from '../../../lib/use-kept-suspense-query';
import { activityQueries } from '../api/activity-queries';
import { useToggleDailySteps } from '../api/use-toggle-daily-steps';
import { useIsEditableDay, useToday } from '../dashboard-clock';
import { monthOfRange, monthStartOf, shiftMonth } from '../month';
import { ActivitiesListModal as ActivitiesListModalView } from './activities-list-modal';
import { ActivityCalendar } from './activity-calendar';
import { CALENDAR_HEIGHT, CALENDAR_HEIGHT_PHONE } from './calendar-size';
import { CalendarFrame, useCompactCalendar } from './calendar-frame';
import type { ActivityModal as ActivityModalView, ActivityTarget } from './activity-modal';
import { CalendarToolbar as CalendarToolbarView } from './calendar-toolbar';
import { MonthTotals as MonthTotalsView } from './month-totals';
import { ParticipatedEventsModal as ParticipatedEventsModalView } from './participated-events-modal';
import { withQueuedWrites, type CalendarActivity } from '../queued-overlay';
import { QUEUED_WRITES_HEADING_ID } from './queued-writes-heading';
import { formValuesOfWrite } from '../queued-form-values';
import { useGridFocusReturn, useMonthGridKeys } from './use-month-grid-keys';

// The activity form (with its number input) and the list of waiting writes are not needed for the
// month's first paint, and both are fetched right after it: the service worker precaches them too,
// but one file at a time, and a connection lost soon after the first visit (before that precache is
// complete) must not leave 'Add new activity' or a write made offline with a file that cannot load.
const loadQueuedWritesPanel = () => import('./queued-writes-panel');
type ActivityModalComponent = typeof ActivityModalView;
// Once its file is here the form opens without suspending first (a lazy component's first render
// always does, even for a file already loaded: one more task and frame before the form shows).
let loadedActivityModal: ActivityModalComponent | undefined;
const loadActivityModal = () =>
  import('./activity-modal').then((module) => {
    loadedActivityModal = module.ActivityModal;
    return module;
  });
const LazyActivityModal = lazy(() => loadActivityModal().then((module) => ({ default: module.ActivityModal })));
const QueuedWritesPanel = lazy(() => loadQueuedWritesPanel().then((module) => ({ default: module.QueuedWritesPanel })));
const warmQueuedWritesPanel = () => void loadQueuedWritesPanel().catch(() => undefined);
const warmActivityModal = () => void loadActivityModal().catch(() => undefined);

// What a click on the dashboard changes is drawn again, not the whole page: a month switch redraws the
// toolbar, the totals and the overlay, not the closed dialogs; opening a day's sheet redraws the sheet.
// Each takes stable handlers (useStableHandlers) for that.
const CalendarToolbar = memo(CalendarToolbarView);
const MonthTotals = memo(MonthTotalsView);
const ActivitiesListModal = memo(ActivitiesListModalView);
const ParticipatedEventsModal = memo(ParticipatedEventsModalView);
const NO_ACTIVITIES: CalendarActivity[] = [];

/** The employee dashboard: month calendar, its modals and the totals below. */
export function EmployeeDashboard() {
  const today = useToday();
  const isEditable = useIsEditableDay();
  const compact = useCompactCalendar();
  const calendarRef = useRef<FullCalendar>(null);
  const [month, setMonth] = useState(() => monthStartOf(today));
  const shownMonth = useRef(month);
  const queryClient = useQueryClient();
  const [activityTarget, setActivityTarget] = useState<ActivityTarget | null>(null);
  const [eventsDay, setEventsDay] = useState<string | null>(null);
  const [listDay, setListDay] = useState<string | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  useMonthGridKeys(gridRef, today);
  const focusReturn = useGridFocusReturn(gridRef);
  // The route's loader brought the current month; another month loads while the grid stays,
  // dimmed under a loader (the previous month's markers are not drawn on it).
  const monthQuery = useKeptSuspenseQuery(activityQueries.month(month));
  const toggleSteps = useToggleDailySteps();
  useEffect(warmQueuedWritesPanel, []);
  useEffect(warmActivityModal, []);
  const queuedWrites = useQueuedWrites();
  // Kept while the month's fetch comes and goes (the refetch of a stored month answers the same data):
  // the calendar redraws only when what it shows changes.
  const gridData = useMemo(() => withQueuedWrites(monthQuery.data, queuedWrites, month), [monthQuery.data, queuedWrites, month]);
  const monthLoading = monthQuery.isStale;
  // The totals and a day's sheet show nothing of the previous month while the next one loads.
  const data = monthLoading ? undefined : gridData;
  // The grid keeps the previous month's data meanwhile: FullCalendar has already drawn the new month's
  // days itself, and that data's entries and markers lie outside them (other days are not drawn), so
  // dropping it would cost a whole redraw inside the click that changes nothing on screen.
  const [initialMonth] = useState(month);
  // The grid (and the totals, which read with it) is drawn after the page's first paint, in its own
  // task: on a phone the frame and title show first, and the longest task of the load is halved.
  const gridShown = useAfterFirstPaint();

  // The month is the one holding the midpoint of the visible range (docs/product-rules.md#dashboard-and-calendar).
  // Every change of month reads that month again, even one shown a moment ago (kept data shows meanwhile).
  const showMonth = (next: string) => {
    if (next === shownMonth.current) return;
    shownMonth.current = next;
    void queryClient.invalidateQueries({ queryKey: activityQueries.month(next).queryKey, exact: true, refetchType: 'none' });
    setMonth(next);
  };
  const onDatesSet = (arg: DatesSetArg) => showMonth(monthOfRange(arg.start, arg.end));
  const api = () => calendarRef.current?.getApi();
  // A click on Previous, Next or Today paints the new month's title and its loader in its own frame;
  // FullCalendar draws the new days in a task of its own right after that paint (its `datesSet` then
  // names the month already shown). Clicks before that draw move the grid once, to the last month asked.
  const pendingMove = useRef<string | null>(null);
  const moveTo = (next: string) => {
    if (!api()) return;
    showMonth(next);
    if (pendingMove.current === null)
      afterNextPaint(() => {
        const target = pendingMove.current;
        pendingMove.current = null;
        if (target) api()?.gotoDate(target);
      });
    pendingMove.current = next;
  };
  const onToggleSteps = (day: string, achieved: boolean) => toggleSteps.mutate({ date: day, achieved });
  const pendingStarDay = toggleSteps.isPending ? (toggleSteps.variables?.date ?? null) : null;
  // A queued entry is dealt with in the list of waiting changes (its Discard and Edit).
  // The form's dialog is drawn in a transition: the click's own frame (the day sheet closing, the button
  // pressed) paints at once, and the dialog's first render yields to the phone between its parts.
  const openForm = (target: ActivityTarget) => startTransition(() => setActivityTarget(target));
  const openActivity = (activity: CalendarActivity) =>
    activity.queued ? document.getElementById(QUEUED_WRITES_HEADING_ID)?.focus() : openForm({ kind: 'edit', activity });
  // Opened from the grid: the focus comes back to the opener when the dialog (or the dialog it led to) closes.
  const fromGrid =
    <A extends unknown[]>(open: (...args: A) => void) =>
    (...args: A) => {
      focusReturn.remember();
      open(...args);
    };
  const closeWith = (close: () => void) => () => {
    close();
    focusReturn.giveBack();
  };
  const editRefused = (write: QueuedWrite) => {
    const form = formValuesOfWrite(write);
    if (!form) return;
    // A closed day cannot take it again: the form opens on today instead.
    const day = isEditable(form.day) ? form.day : today;
    openForm({ kind: 'add', day, initial: form.values, replaces: write.id });
  };
  const addActivity = (day: string) => openForm({ kind: 'add', day });
  const calendarHandlers = useStableHandlers({
    onDatesSet,
    onOpenActivity: fromGrid(openActivity),
    onToggleSteps,
    onOpenEvents: fromGrid(setEventsDay),
    onAddActivity: fromGrid(addActivity),
    onOpenDay: fromGrid(setListDay),
  });
  const listActivities = useMemo(
    () => (listDay ? (data?.activities ?? NO_ACTIVITIES).filter((activity) => activity.startDate === listDay) : NO_ACTIVITIES),
    [listDay, data?.activities],
  );
  const toolbarHandlers = useStableHandlers({
    onPrev: () => moveTo(shiftMonth(shownMonth.current, -1)),
    onNext: () => moveTo(shiftMonth(shownMonth.current, 1)),
    onToday: () => moveTo(monthStartOf(today)),
  });
  const listHandlers = useStableHandlers({
    onClose: closeWith(() => setListDay(null)),
    onEdit: (activity: CalendarActivity) => {
      setListDay(null);
      openActivity(activity);
    },
    onAdd: (day: string) => {
      setListDay(null);
      addActivity(day);
    },
    onToggleSteps,
    onOpenEvents: (day: string) => {
      setListDay(null);
      setEventsDay(day);
    },
  });
  const eventsHandlers = useStableHandlers({ onClose: closeWith(() => setEventsDay(null)) });

  return (
    <Stack gap="md">
      {queuedWrites.length > 0 && (
        <Suspense fallback={null}>
          <QueuedWritesPanel writes={queuedWrites} onEdit={editRefused} />
        </Suspense>
      )}
      <CalendarFrame>
        <LoadingOverlay
          visible={monthLoading}
          zIndex={5}
          overlayProps={{ backgroundOpacity: 0.35 }}
          loaderProps={{ 'aria-label': 'Loading month' }}
        />
        <Stack gap="sm">
          <CalendarToolbar month={month} isCurrentMonth={month === monthStartOf(today)} {...toolbarHandlers} />
          {/* Until the grid is drawn its place is kept at its height: nothing below moves. */}
          <div ref={gridRef} style={gridShown ? undefined : { height: compact ? CALENDAR_HEIGHT_PHONE : CALENDAR_HEIGHT }}>
            {gridShown && (
              <ActivityCalendar
                ref={calendarRef}
                initialMonth={initialMonth}
                data={gridData}
                compact={compact}
                isEditable={isEditable}
                pendingStarDay={pendingStarDay}
                {...calendarHandlers}
              />
            )}
          </div>
        </Stack>
      </CalendarFrame>
      <MonthTotals totals={gridShown ? data?.movingAnalytics : undefined} fetching={monthQuery.isFetching} />

      <ActivitiesListModal
        day={listDay}
        activities={listActivities}
        achieved={listDay !== null && Boolean(data?.dailyStepsAchievements.some((step) => step.date === listDay))}
        hasEvents={listDay !== null && Boolean(data?.eventParticipationDates.includes(listDay))}
        editable={listDay !== null && isEditable(listDay)}
        starPending={pendingStarDay !== null && pendingStarDay === listDay}
        {...listHandlers}
      />
      {activityTarget && (
        // Offline before the form's file reached this device: say so in place of the form, not a blank page.
        <AppErrorBoundary fallback={<FormUnavailable onClose={closeWith(() => setActivityTarget(null))} />}>
          <Suspense fallback={null}>
            <ActivityModal target={activityTarget} onClose={closeWith(() => setActivityTarget(null))} />
          </Suspense>
        </AppErrorBoundary>
      )}
      <ParticipatedEventsModal day={eventsDay} {...eventsHandlers} />
    </Stack>
  );
}

/** The form's dialog: the loaded component when its file is here, else the lazy one (chosen once per opening: a switch would remount it). */
function ActivityModal(props: { target: ActivityTarget; onClose: () => void }) {
  const [Modal] = useState<ActivityModalComponent | typeof LazyActivityModal>(() => loadedActivityModal ?? LazyActivityModal);
  return <Modal {...props} />;
}

/** In place of the activity form when its file cannot be fetched (offline on a first visit). */
function FormUnavailable({ onClose }: { onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title="Activity">
      <Text>This form has not reached this device yet. It opens once you are back online.</Text>
    </Modal>
  );
}
