import type { Clock } from '@/domain/clock';

/**
 * "Now" for every mock handler. Real time by default (the browser), fixed or moved by tests and QA
 * (`mockClock.set('2027-04-03T09:00:00Z')`, or `window.__wellnessMocks.clock.set(...)`).
 */
let fixed: Date | null = null;

export const mockClock: Clock & { set: (iso: string | null) => void; advance: (ms: number) => void; isFixed: () => boolean } = {
  now: () => (fixed ? new Date(fixed) : new Date()),
  /** `null` returns to real time. */
  set: (iso) => {
    if (iso !== null && Number.isNaN(new Date(iso).getTime())) throw new Error(`mockClock.set: not a date: ${iso}`);
    fixed = iso === null ? null : new Date(iso);
  },
  advance: (ms) => {
    fixed = new Date((fixed ?? new Date()).getTime() + ms);
  },
  isFixed: () => fixed !== null,
};
