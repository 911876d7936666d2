import { afterEach, describe, expect, it, vi } from 'vitest';

/** Mock mode's clock (mocks/clock.ts) as a reload meets it: the module is evaluated anew on the same storage. */
const reloadedClock = async () => {
  vi.resetModules();
  return (await import('../../../mocks/clock')).mockClock;
};

describe("mock mode's clock", () => {
  afterEach(async () => (await reloadedClock()).set(null));

  it('keeps a moved time across a reload, until it is set back to real time', async () => {
    (await reloadedClock()).set('2027-11-12T09:00:00Z');
    const afterReload = await reloadedClock();
    expect(afterReload.isFixed()).toBe(true);
    expect(afterReload.now().toISOString()).toBe('2027-11-12T09:00:00.000Z');

    afterReload.advance(60_000);
    expect((await reloadedClock()).now().toISOString()).toBe('2027-11-12T09:01:00.000Z');

    (await reloadedClock()).set(null);
    const realAgain = await reloadedClock();
    expect(realAgain.isFixed()).toBe(false);
    expect(Math.abs(realAgain.now().getTime() - Date.now())).toBeLessThan(1_000);
  });

  it('refuses what is not a date and keeps the time it had', async () => {
    const clock = await reloadedClock();
    clock.set('2027-04-03T09:00:00Z');
    expect(() => clock.set('not a date')).toThrow('mockClock.set: not a date: not a date');
    expect((await reloadedClock()).now().toISOString()).toBe('2027-04-03T09:00:00.000Z');
  });
});
