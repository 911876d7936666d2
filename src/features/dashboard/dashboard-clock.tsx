import { createContext, useContext, type ReactNode } from 'react';
import { systemClock, type Clock } from '../../lib/clock';
import { isEditableDay } from '../../lib/competition';

/**
 * "Now" for the dashboard's disabled states. The real clock in the app; tests provide a fixed one,
 * so the same screen can stand on 14 or 15 April. The server enforces the same rule regardless.
 */
const ClockContext = createContext<Clock>(systemClock);

export function DashboardClockProvider({ clock, children }: { clock: Clock; children: ReactNode }) {
  return <ClockContext.Provider value={clock}>{children}</ClockContext.Provider>;
}

/** `(day) => boolean`: whether a day can be logged, edited or deleted now. */
export const useIsEditableDay = () => {
  const clock = useContext(ClockContext);
  return (day: string) => isEditableDay(day, clock.now());
};

export const useToday = () => useContext(ClockContext).now().toISOString().slice(0, 10);
