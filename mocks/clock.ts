import type { Clock } from '@/domain/clock';
import { pageStorage } from './storage';

/**
 * "Now" for mock mode: the API in the page and the app itself (main.tsx hands it to the router), so
 * an edit window or a competition year reads the same on both sides. Real time by default (the
 * browser); fixed or moved by tests and QA (`mockClock.set('2027-04-03T09:00:00Z')`, or
 * `window.__wellnessMocks.clock.set(...)`). A fixed time is kept across reloads, as QA's other
 * switches are; `set(null)` and `__wellnessMocks.reset()` return to real time.
 */
const STORAGE_KEY = 'wellness.mock.clock';

const storedTime = (): Date | null => {
  const stored = pageStorage()?.getItem(STORAGE_KEY);
  const at = stored ? new Date(stored) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
};

let fixed: Date | null = storedTime();

const keep = (at: Date | null) => {
  fixed = at;
  if (at === null) pageStorage()?.removeItem(STORAGE_KEY);
  else pageStorage()?.setItem(STORAGE_KEY, at.toISOString());
};

export const mockClock: Clock & { set: (iso: string | null) => void; advance: (ms: number) => void; isFixed: () => boolean } = {
  now: () => (fixed ? new Date(fixed) : new Date()),
  /** `null` returns to real time. */
  set: (iso) => {
    if (iso !== null && Number.isNaN(new Date(iso).getTime())) throw new Error(`mockClock.set: not a date: ${iso}`);
    keep(iso === null ? null : new Date(iso));
  },
  advance: (ms) => keep(new Date((fixed ?? new Date()).getTime() + ms)),
  isFixed: () => fixed !== null,
};
