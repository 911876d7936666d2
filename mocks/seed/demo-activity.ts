import { activityTypes } from '@/contract/activity';
import { competitionYearOf, competitionYearRange, toIsoDay } from '@/domain/competition';

/**
 * A few weeks of activity for the fixture employees, so QA's leaderboard, feed, dashboard and admin
 * screens are not empty in mock mode. Only the plan (which rows, on which days): mocks/seed/demo.ts
 * writes it through the server's repos. Deterministic for a given "now"; tests start without it.
 */
const DAYS_BACK = 40;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A small deterministic generator (mulberry32), so every QA session sees the same kind of data. */
const generator = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
  return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
};

export type DemoActivity = { userId: number; name: string; movingTime: number; startAt: string; day: string; createdAt: string };
export type DemoSteps = { userId: number; day: string; createdAt: string };
export type DemoEvent = { userId: number; name: string; isInTheTopThree: boolean; day: string; createdAt: string };
export type DemoPlan = { activities: DemoActivity[]; steps: DemoSteps[]; events: DemoEvent[] };

/** The demo rows of the 40 days before `now` (within the current competition year), for employees in fixture order. */
export const demoActivityPlan = (now: Date, employees: readonly { id: number }[]): DemoPlan => {
  const plan: DemoPlan = { activities: [], steps: [], events: [] };
  const firstDay = competitionYearRange(competitionYearOf(toIsoDay(now))).start;
  employees.forEach((user, index) => {
    const random = generator(user.id * 7919);
    // Higher levels train a little more, so each leaderboard column has a clear order.
    const activeShare = 0.35 + index * 0.1;
    for (let back = DAYS_BACK; back >= 1; back -= 1) {
      const day = toIsoDay(new Date(now.getTime() - back * DAY_MS));
      if (day < firstDay) continue;
      const createdAt = `${day}T20:00:00.000Z`;
      if (random() < activeShare) {
        const hour = String(6 + Math.floor(random() * 12)).padStart(2, '0');
        const name = activityTypes[Math.floor(random() * (activityTypes.length - 1))]!;
        plan.activities.push({ userId: user.id, name, movingTime: 20 + Math.floor(random() * 70), startAt: `${day}T${hour}:00:00.000Z`, day, createdAt });
      }
      if (random() < activeShare / 2) plan.steps.push({ userId: user.id, day, createdAt });
      if (back % 14 === index % 14 && random() < 0.8) plan.events.push({ userId: user.id, name: 'City 10k', isInTheTopThree: random() < 0.3, day, createdAt });
    }
  });
  return plan;
};
