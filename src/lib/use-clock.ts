import { useRouter } from '@tanstack/react-router';
import { systemClock, type Clock } from '@/domain/clock';

/** The one "now" of the SPA: the router context's clock (tests give the router a fixed one). */
export const useClock = (): Clock => useRouter().options.context?.clock ?? systemClock;
