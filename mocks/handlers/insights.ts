import type { HttpHandler } from 'msw';
import { levels, type LevelOfCompetition } from '@/contract/common';
import { insightsEndpoints as endpoints, type CompetitionOverview, type MyProgress } from '@/contract/insights';
import { competitionYearRange } from '@/domain/competition';
import { insightMonthsOf, medianOf, rankAmong } from '@/domain/insights';
import { resolveCompetitionYear } from '@/domain/leaders-year';
import { mockClock } from '../clock';
import { isEmailConfirmed, mockDb } from '../db';
import { mockRoute } from '../http';
import { mockLevelInYear, mockYearScore } from '../scores';

/** The insights endpoints in memory, with the server's rules (the API's insights module). */

/** `stravaMinutes`: of `minutes`, those imported from Strava (only their athlete sees them: the overview leaves them out). */
type MonthFacts = { points: number; minutes: number; steps: number; events: number; stravaMinutes: number };

/** Every employee's scoring months of a year (months without points are absent, as in score_months). */
const employeeMonths = (year: number) => {
  const { start, end } = competitionYearRange(year);
  const inYear = (day: string) => day >= start && day <= end;
  return mockDb.users
    .filter((user) => user.role === 'user')
    .map((user) => {
      const months = new Map<number, MonthFacts>();
      for (const [month, points] of mockYearScore(user.id, year).monthlyPoints)
        months.set(month, { points, minutes: 0, steps: 0, events: 0, stravaMinutes: 0 });
      const add = (day: string, key: 'minutes' | 'steps' | 'events' | 'stravaMinutes', value: number) => {
        const facts = inYear(day) ? months.get(Number(day.slice(5, 7))) : undefined;
        if (facts) facts[key] += value;
      };
      for (const row of mockDb.activities) {
        if (row.userId !== user.id) continue;
        add(row.startDate, 'minutes', row.movingTime);
        if (row.source === 'strava') add(row.startDate, 'stravaMinutes', row.movingTime);
      }
      for (const row of mockDb.dailyStepAchievements) if (row.userId === user.id) add(row.date, 'steps', 1);
      for (const row of mockDb.eventParticipations) if (row.userId === user.id) add(row.date, 'events', 1);
      return { user, level: mockLevelInYear(user, year), months };
    });
};

export const insightsHandlers: HttpHandler[] = [
  mockRoute(endpoints.progress, ({ query, user }): MyProgress => {
    const now = mockClock.now();
    const year = resolveCompetitionYear(query.competitionYear, now);
    const everyone = employeeMonths(year);
    const me = everyone.find((entry) => entry.user.id === user.id);
    const level: LevelOfCompetition = me?.level ?? 'Beginner';
    // Ranks, competitors and medians count the leaderboard's people: confirmed addresses only.
    const peers = everyone.filter((entry) => entry.level === level && isEmailConfirmed(entry.user));
    const ranked = me !== undefined && isEmailConfirmed(me.user);
    return {
      competitionYear: year,
      levelOfCompetition: level,
      months: insightMonthsOf(year, now).map(({ key, month }) => {
        const scores = peers.flatMap((entry) => (entry.months.has(month) ? [entry.months.get(month)!.points] : []));
        const mine = me?.months.get(month);
        return {
          month: key,
          minutes: mine?.minutes ?? 0,
          points: mine?.points ?? 0,
          rank: mine && ranked ? rankAmong(mine.points, scores) : null,
          competitors: scores.length,
          levelMedian: medianOf(scores),
        };
      }),
    };
  }),

  mockRoute(endpoints.overview, ({ query }): CompetitionOverview => {
    const now = mockClock.now();
    const year = resolveCompetitionYear(query.competitionYear, now);
    const everyone = employeeMonths(year);
    const scorers = new Set(everyone.filter((entry) => entry.months.size > 0).map((entry) => entry.user.id));
    // The month figures count the leaderboard's people (confirmed addresses), as the server's insight groups do.
    const listed = everyone.filter((entry) => isEmailConfirmed(entry.user));
    const connections = mockDb.trackerConnections;
    return {
      competitionYear: year,
      months: insightMonthsOf(year, now).map(({ key, month }) => {
        const active = listed.filter((entry) => entry.months.has(month));
        const sum = (pick: (facts: MonthFacts) => number, of = active) =>
          of.reduce((total, entry) => total + pick(entry.months.get(month)!), 0);
        return {
          month: key,
          activeEmployees: active.length,
          minutesByLevel: Object.fromEntries(
            levels.map((level) => [
              level,
              sum(
                (facts) => facts.minutes - facts.stravaMinutes,
                active.filter((entry) => entry.level === level),
              ),
            ]),
          ) as CompetitionOverview['months'][number]['minutesByLevel'],
          eventParticipations: sum((facts) => facts.events),
          stepAchievements: sum((facts) => facts.steps),
        };
      }),
      trackers: {
        strava: connections.filter((row) => row.service === 'STRAVA').length,
        fitbit: connections.filter((row) => row.service === 'FITBIT').length,
        connectedEmployees: new Set(connections.map((row) => row.userId)).size,
        // Employees who existed in the year: joined before its end, or scored in it.
        employees: mockDb.users.filter((user) => user.role === 'user' && (user.createdAt < `${year + 1}-04-01` || scorers.has(user.id)))
          .length,
      },
    };
  }),
];
