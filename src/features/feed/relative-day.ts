import { differenceInCalendarDays, format, parseISO } from 'date-fns';

/**
 * Feed entries are days (an activity's day, an achievement's day), not instants: say them as a
 * person would, in the viewer's own calendar. 'Today', 'Yesterday', the weekday within the last
 * week ('Friday'), then the date ('12 Nov', with the year when it is not this year's).
 */
export const relativeDay = (entryDay: string, now: Date) => {
  const today = format(now, 'yyyy-MM-dd');
  const day = parseISO(entryDay);
  const daysAgo = differenceInCalendarDays(parseISO(today), day);
  if (daysAgo <= 0) return 'Today';
  if (daysAgo === 1) return 'Yesterday';
  if (daysAgo < 7) return format(day, 'EEEE');
  return format(day, entryDay.slice(0, 4) === today.slice(0, 4) ? 'd MMM' : 'd MMM yyyy');
};
