import { isEditableDay } from '@/domain/competition';
import { useClock } from '../../lib/use-clock';

/** `(day) => boolean`: whether a day can be logged, edited or deleted now (the server enforces it too). */
export const useIsEditableDay = () => {
  const clock = useClock();
  return (day: string) => isEditableDay(day, clock.now());
};

/** Today's calendar day (UTC, like the calendar) by the router context's clock. */
export const useToday = () => useClock().now().toISOString().slice(0, 10);
