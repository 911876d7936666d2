import { Stack } from '@mantine/core';
import { useToday } from '../dashboard-clock';
import { monthStartOf } from '../month';
import { CALENDAR_HEIGHT, CALENDAR_HEIGHT_PHONE } from './calendar-size';
import { CalendarFrame, useCompactCalendar } from './calendar-frame';
import { CalendarToolbar } from './calendar-toolbar';
import { MonthTotals } from './month-totals';

const nothing = () => undefined;

/**
 * The dashboard's frame while the calendar's file (FullCalendar) and the month are on their way: the
 * same toolbar, the grid's place and the totals' skeletons as the dashboard's first paint
 * (dashboard.tsx), so the page's title paints first on a phone and nothing moves when the calendar
 * takes this place.
 */
export function DashboardPlaceholder() {
  const today = useToday();
  const compact = useCompactCalendar();
  return (
    <Stack gap="md" role="status" aria-label="Loading your month" aria-busy="true">
      <CalendarFrame>
        <Stack gap="sm">
          <CalendarToolbar month={monthStartOf(today)} isCurrentMonth onPrev={nothing} onNext={nothing} onToday={nothing} disabled />
          <div style={{ height: compact ? CALENDAR_HEIGHT_PHONE : CALENDAR_HEIGHT }} />
        </Stack>
      </CalendarFrame>
      <MonthTotals totals={undefined} fetching />
    </Stack>
  );
}
