import { Paper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { COMPACT_CALENDAR_QUERY } from './calendar-size';

/** The calendar's card: the dashboard and its placeholder draw the same one, so nothing moves when one takes the other's place. */
export function CalendarFrame({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }} shadow="xs" className="wc-calendar" pos="relative">
      {children}
    </Paper>
  );
}

/** A phone's grid (compact day headers, its own height), read in the first render: a desktop grid redrawn compact costs a second draw and a layout shift. */
export const useCompactCalendar = () => useMediaQuery(COMPACT_CALENDAR_QUERY, undefined, { getInitialValueInEffect: false });
