import { relativeDay } from '../../src/features/feed/relative-day';

/** The viewer's own calendar decides "today": these run with TZ from the environment, so the "now"s are local times. */
const at = (local: string) => new Date(local); // no zone: the viewer's local time

describe('feed times are days in the viewer calendar', () => {
  test('today, yesterday, the weekday within a week, then the date', () => {
    const monday = at('2026-11-23T08:15:00');
    expect(relativeDay('2026-11-23', monday)).toBe('Today');
    expect(relativeDay('2026-11-22', monday)).toBe('Yesterday');
    expect(relativeDay('2026-11-20', monday)).toBe('Friday');
    expect(relativeDay('2026-11-17', monday)).toBe('Tuesday');
    expect(relativeDay('2026-11-16', monday)).toBe('16 Nov');
    expect(relativeDay('2025-12-31', monday)).toBe('31 Dec 2025');
  });

  test('an activity logged today says Today all day, not "16 hours ago"', () => {
    expect(relativeDay('2026-11-23', at('2026-11-23T23:59:00'))).toBe('Today');
    expect(relativeDay('2026-11-23', at('2026-11-23T00:01:00'))).toBe('Today');
  });
});
