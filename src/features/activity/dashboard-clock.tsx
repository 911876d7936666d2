import { isEditableDay } from '@/domain/competition';
import { useClock } from '../../lib/use-clock';
import { toIsoDay } from '@/domain/days';

/** `(day) => boolean`: whether a day can be logged, edited or deleted now (the server enforces it too). */
export const useIsEditableDay = () => {
  const clock = useClock();
  return (day: string) => isEditableDay(day, clock.now());
};

/** Today's calendar day (UTC, like the calendar) by the router context's clock. */
export const useToday = () => toIsoDay(useClock().now());
