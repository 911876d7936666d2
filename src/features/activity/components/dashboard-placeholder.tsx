import { Paper, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useToday } from '../dashboard-clock';
import { monthStartOf } from '../month';
import { CALENDAR_HEIGHT, CALENDAR_HEIGHT_PHONE, COMPACT_CALENDAR_QUERY } from './calendar-size';
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
  const compact = useMediaQuery(COMPACT_CALENDAR_QUERY, undefined, { getInitialValueInEffect: false });
  return (
    <Stack gap="md" role="status" aria-label="Loading your month" aria-busy="true">
      <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }} shadow="xs" className="wc-calendar">
        <Stack gap="sm">
          <CalendarToolbar month={monthStartOf(today)} isCurrentMonth onPrev={nothing} onNext={nothing} onToday={nothing} disabled />
          <div style={{ height: compact ? CALENDAR_HEIGHT_PHONE : CALENDAR_HEIGHT }} />
        </Stack>
      </Paper>
      <MonthTotals totals={undefined} fetching />
    </Stack>
  );
}
