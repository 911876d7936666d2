import type {
  DatesSetArg,
  DayCellContentArg,
  EventClickArg,
  EventContentArg,
  EventInput,
  MoreLinkArg,
  MoreLinkSimpleAction,
} from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import { forwardRef, memo, useMemo } from 'react';
import type { Activity } from '../../../api/contract/activity';
import { utcDay } from '../month';
import type { CalendarActivity, CalendarMonth } from '../queued-overlay';
import { DayCellHeader, type DayActions } from './day-cell';
import { activityEntry, compactDayHeader, type H } from './grid-content';
import { CALENDAR_HEIGHT, CALENDAR_HEIGHT_PHONE } from './calendar-size';

type Props = DayActions & {
  /** The month drawn at mount; FullCalendar moves itself from there (toolbar, `datesSet`). */
  initialMonth: string;
  /** The month with the queued writes laid over it (queued-overlay.ts). */
  data: CalendarMonth | undefined;
  compact: boolean;
  isEditable: (day: string) => boolean;
  pendingStarDay: string | null;
  onDatesSet: (arg: DatesSetArg) => void;
  onOpenActivity: (activity: Activity) => void;
};

/**
 * 'Show more' opens the 'Activities list' modal only (docs/product-rules.md#dashboard-and-calendar): FullCalendar opens its own popover when
 * the handler returns nothing or 'popover', and changes view for a string; a truthy non-string does neither.
 */
const ONLY_OUR_MODAL = true as unknown as MoreLinkSimpleAction;

/**
 * The month grid (docs/product-rules.md#dashboard-and-calendar: month view only, row limit 5, long
 * press 250 ms, UTC); data comes in as props, every action goes out through callbacks. Memoised: a
 * FullCalendar redraw is the dashboard's costliest work on a phone, so it runs only when the data,
 * the layout or a pending star changes (the dashboard passes stable callbacks and a kept `data`).
 */
export const ActivityCalendar = memo(
  forwardRef<FullCalendar, Props>(function ActivityCalendar(props, ref) {
    const { initialMonth, data, compact, isEditable, pendingStarDay, onDatesSet, onOpenActivity, ...actions } = props;
    const steps = new Set(data?.dailyStepsAchievements.map((step) => step.date));
    const eventDays = new Set(data?.eventParticipationDates);
    const activityDays = new Set(data?.activities.map((activity) => activity.startDate));
    // All-day blocks on their start day: a late activity never spills into the next cell.
    // Same order as the Activities list: by start time, then as logged (the month's own order).
    // The same array while the activities are the same: FullCalendar re-parses every event of a new one.
    const events: EventInput[] = useMemo(
      () =>
        (data?.activities ?? []).map((activity, index) => ({
          id: String(activity.id),
          title: activity.title,
          start: activity.startDate,
          allDay: true,
          classNames: activity.queued ? [`wc-event-${activity.queued.status}`] : [],
          extendedProps: { activity, order: index },
        })),
      [data?.activities],
    );

    // Drawn by FullCalendar's own Preact in the grid's pass (grid-content.ts): a React element here is a
    // React portal per cell or entry and a second layout of the grid. The desktop header keeps React
    // for its Mantine buttons and tooltips.
    const dayCellContent = (arg: DayCellContentArg, h: H) => {
      const day = utcDay(arg.date);
      const state = {
        day,
        dayNumber: arg.date.getUTCDate(),
        achieved: steps.has(day),
        hasEvents: eventDays.has(day),
        hasActivities: activityDays.has(day),
        editable: isEditable(day),
        starPending: pendingStarDay === day,
      };
      return compact ? compactDayHeader(h, state, actions) : <DayCellHeader actions={actions} state={state} />;
    };

    const eventContent = (arg: EventContentArg, h: H) => activityEntry(h, arg.event.extendedProps.activity as CalendarActivity);

    return (
      <FullCalendar
        ref={ref}
        plugins={[dayGridPlugin, interactionPlugin]}
        initialView="dayGridMonth"
        initialDate={initialMonth}
        timeZone="UTC"
        headerToolbar={false}
        height={compact ? CALENDAR_HEIGHT_PHONE : CALENDAR_HEIGHT}
        firstDay={1}
        fixedWeekCount={false}
        showNonCurrentDates={false}
        dayMaxEventRows={5}
        longPressDelay={250}
        eventInteractive
        events={events}
        eventOrder="order"
        eventContent={eventContent}
        dayCellContent={dayCellContent}
        // The header holds buttons; a cell named after them would read as noise (and fail axe).
        dayCellDidMount={(arg) => arg.el.removeAttribute('aria-labelledby')}
        // Which entry a focused element was, so the focus finds it again after a re-render (use-month-grid-keys.ts).
        eventDidMount={(arg) => {
          arg.el.dataset.dayTool = `activity-${arg.event.id}`;
        }}
        dayHeaderFormat={{ weekday: compact ? 'narrow' : 'short' }}
        moreLinkContent={() => 'Show more'}
        moreLinkClick={(arg: MoreLinkArg) => {
          actions.onOpenDay(utcDay(arg.date));
          return ONLY_OUR_MODAL;
        }}
        eventClick={(arg: EventClickArg) => {
          arg.jsEvent.preventDefault();
          onOpenActivity(arg.event.extendedProps.activity as Activity);
        }}
        datesSet={onDatesSet}
      />
    );
  }),
);
