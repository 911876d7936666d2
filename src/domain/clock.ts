/** "Now" is injected everywhere rules depend on it, so tests can stand on any date. */
export type Clock = { now: () => Date };
export const systemClock: Clock = { now: () => new Date() };
export const fixedClock = (iso: string): Clock => ({ now: () => new Date(iso) });
