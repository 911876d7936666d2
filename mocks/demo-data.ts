import { activityTypes } from '@/contract/activity';
import { competitionYearOf, competitionYearRange, toIsoDay } from '@/domain/competition';
import { mockDb, nextId } from './db';

/**
 * A few weeks of activity for the fixture employees, so QA's leaderboard, feed, dashboard and admin
 * screens are not empty in mock mode. Browser only (mocks/browser.ts, on a fresh db): tests and the
 * contract suite start from the bare fixtures. Deterministic for a given "now".
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

export const seedDemoData = (now: Date) => {
  const firstDay = competitionYearRange(competitionYearOf(toIsoDay(now))).start;
  const employees = mockDb.users.filter((user) => user.role === 'user');
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
        const startAt = `${day}T${hour}:00:00.000Z`;
        const name = activityTypes[Math.floor(random() * (activityTypes.length - 1))]!;
        const movingTime = 20 + Math.floor(random() * 70);
        mockDb.activities.push({
          id: nextId('activities'),
          userId: user.id,
          name,
          movingTime,
          startAt,
          startDate: day,
          source: 'manual',
          externalId: null,
          alsoRecordedBy: [],
          createdAt,
          updatedAt: createdAt,
        });
      }
      if (random() < activeShare / 2)
        mockDb.dailyStepAchievements.push({ id: nextId('dailyStepAchievements'), userId: user.id, date: day, createdAt });
      if (back % 14 === index % 14 && random() < 0.8) {
        mockDb.eventParticipations.push({
          id: nextId('eventParticipations'),
          userId: user.id,
          name: 'City 10k',
          isInTheTopThree: random() < 0.3,
          date: day,
          createdAt,
        });
      }
    }
  });
};
