import { useCallback } from 'react';
import { isEditableDay } from '@/domain/competition';
import { useClock } from '../../lib/use-clock';
import { toIsoDay } from '@/domain/days';

/** `(day) => boolean`: whether a day can be logged, edited or deleted now (the server enforces it too). */
export const useIsEditableDay = () => {
  const clock = useClock();
  // One function per clock: the memoised calendar takes it as a prop.
  return useCallback((day: string) => isEditableDay(day, clock.now()), [clock]);
};

/** Today's calendar day (UTC, like the calendar) by the router context's clock. */
export const useToday = () => toIsoDay(useClock().now());
