import type { createElement as preactCreateElement } from '@fullcalendar/core/preact';
import type { CalendarActivity } from '../queued-overlay';
import { dayTitle } from '../month';
import type { DayActions, DayState } from './day-cell';
import { queuedLabel } from './queued-label';

/**
 * What the month grid draws in every cell and entry, made with the `createElement` FullCalendar hands
 * its content hooks (its own Preact): drawn inline with the grid, in the same pass. A React element
 * there instead becomes a React portal per day cell and entry, rendered by the FullCalendar component
 * after the grid and followed by a second layout of the whole grid (its `updateSize`): on a phone
 * that was a third of a month's draw (docs/performance.md#on-a-mid-range-phone). The desktop header
 * keeps React (its Mantine buttons and tooltips); the phone's header and every entry are these.
 */
export type H = typeof preactCreateElement;

/** Tabler's icons (the same paths and attributes as @tabler/icons-react draws), as plain SVG. */
const STAR_FILLED =
  'M8.243 7.34l-6.38 .925l-.113 .023a1 1 0 0 0 -.44 1.684l4.622 4.499l-1.09 6.355l-.013 .11a1 1 0 0 0 1.464 .944l5.706 -3l5.693 3l.1 .046a1 1 0 0 0 1.352 -1.1l-1.091 -6.355l4.624 -4.5l.078 -.085a1 1 0 0 0 -.633 -1.62l-6.38 -.926l-2.852 -5.78a1 1 0 0 0 -1.794 0l-2.853 5.78z';
const FLAG_FILLED =
  'M4 5a1 1 0 0 1 .3 -.714a6 6 0 0 1 8.213 -.176l.351 .328a4 4 0 0 0 5.272 0l.249 -.227c.61 -.483 1.527 -.097 1.61 .676l.005 .113v9a1 1 0 0 1 -.3 .714a6 6 0 0 1 -8.213 .176l-.351 -.328a4 4 0 0 0 -5.136 -.114v6.552a1 1 0 0 1 -1.993 .117l-.007 -.117v-16z';

const filledIcon = (h: H, name: string, path: string, color: string) =>
  h('svg', { xmlns: 'http://www.w3.org/2000/svg', width: 11, height: 11, viewBox: '0 0 24 24', fill: color, stroke: 'none', class: `tabler-icon tabler-icon-${name}` }, h('path', { d: path }));

const plusIcon = (h: H) =>
  h(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      width: 16,
      height: 16,
      viewBox: '0 0 24 24',
      fill: 'none',
      stroke: 'currentColor',
      'stroke-width': 2,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
      class: 'tabler-icon tabler-icon-plus wc-day-add-hint',
      'aria-hidden': 'true',
    },
    h('path', { d: 'M12 5l0 14' }),
    h('path', { d: 'M5 12l14 0' }),
  );

/**
 * A phone's day header: one tap target for the whole header (the day sheet holds every action), a
 * plain button styled as Mantine's UnstyledButton in activity-calendar.css.
 */
export const compactDayHeader = (h: H, { day, dayNumber, achieved, hasEvents, hasActivities, editable }: DayState, actions: DayActions) =>
  h(
    'button',
    { type: 'button', class: 'mantine-focus-auto wc-day-compact', 'data-day-tool': 'open', 'aria-label': `Open ${dayTitle(day)}`, onClick: () => actions.onOpenDay(day) },
    h('span', { class: 'wc-day-number' }, dayNumber),
    h(
      'span',
      { class: 'wc-day-marks', 'aria-hidden': 'true' },
      achieved && filledIcon(h, 'star-filled', STAR_FILLED, 'var(--mantine-color-yellow-6)'),
      hasEvents && filledIcon(h, 'flag-filled', FLAG_FILLED, 'var(--mantine-color-grape-6)'),
    ),
    editable && !hasActivities && plusIcon(h),
  );

/** An entry: its title and minutes; a queued one says so in words (not colour alone): 'Pending', 'Pending delete', 'Not saved'. */
export const activityEntry = (h: H, activity: CalendarActivity) => {
  const state = activity.queued ? queuedLabel(activity.queued) : null;
  return h(
    'div',
    { class: 'wc-activity', title: `${activity.title}: ${activity.movingTime} min${state ? ` (${state})` : ''}` },
    h('span', { class: 'wc-activity-title' }, activity.title),
    state ? h('span', { class: 'wc-activity-state' }, state) : h('span', { class: 'wc-activity-minutes' }, `${activity.movingTime}m`),
  );
};
