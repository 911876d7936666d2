import { matchesSearch, searchWordsOf } from '@/domain/search-words';
import { csvFileName } from '@/domain/csv';
import type { HttpHandler } from 'msw';
import { levels, type LevelOfCompetition } from '@/contract/common';
import { toIsoDay } from '@/domain/competition';
import { leadersEndpoints as endpoints, type TopLeaders } from '@/contract/leaders';
import { monthlyPointsMonth, resolveCompetitionYear } from '@/domain/leaders-year';
import { mockClock } from '../clock';
import { mockLevelInYear, mockYearScore } from '../scores';
import { isEmailConfirmed, mockDb } from '../db';
import { mockRoute } from '../http';
import { uploadUrl } from '../serialize';

/** The leaders endpoints in memory, with the server's rules (the API's modules/leaders). */

/** Employees who existed in the year: joined before its end, or scored in it (docs/product-rules.md#leaderboard). */
const employeesInYear = (year: number) =>
  mockDb.users
    .filter((user) => user.role === 'user')
    .map((user) => ({ user, level: mockLevelInYear(user, year), score: mockYearScore(user.id, year) }))
    .filter(({ user, score }) => user.createdAt < `${year + 1}-04-01` || score.annualPoints > 0);

/** Same rows and order as the server's admin list (the API's modules/leaders/repo.ts). */
const leaderRows = (query: { levelOfCompetition?: LevelOfCompetition; competitionYear?: number; search?: string }) => {
  const now = mockClock.now();
  const year = resolveCompetitionYear(query.competitionYear, now);
  const month = monthlyPointsMonth(year, now);
  const rows = employeesInYear(year)
    .filter((entry) => !query.levelOfCompetition || entry.level === query.levelOfCompetition)
    .filter(
      (entry) => !query.search || matchesSearch(searchWordsOf(entry.user.firstName, entry.user.lastName, entry.user.email), query.search),
    )
    .sort(
      (a, b) =>
        b.score.annualPoints - a.score.annualPoints ||
        a.user.lastName.localeCompare(b.user.lastName) ||
        a.user.firstName.localeCompare(b.user.firstName) ||
        a.user.id - b.user.id,
    );
  return {
    year,
    rows: rows.map(({ user, level, score }) => ({
      userId: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      levelOfCompetition: level,
      annualPoints: score.annualPoints,
      monthlyPoints: score.monthlyPoints.get(month) ?? 0,
    })),
  };
};

export const leadersHandlers: HttpHandler[] = [
  mockRoute(endpoints.top, ({ query }): TopLeaders => {
    const year = resolveCompetitionYear(query.competitionYear, mockClock.now());
    const ranked = employeesInYear(year)
      .filter((entry) => entry.score.annualPoints > 0 && isEmailConfirmed(entry.user))
      .sort(
        (a, b) =>
          b.score.annualPoints - a.score.annualPoints ||
          (a.score.lastScoredOn ?? '').localeCompare(b.score.lastScoredOn ?? '') ||
          a.user.id - b.user.id,
      );
    return Object.fromEntries(
      levels.map((level) => [
        level,
        ranked
          .filter((entry) => entry.level === level)
          .slice(0, 10)
          .map(({ user, score }) => ({
            userId: user.id,
            firstName: user.firstName,
            lastName: user.lastName,
            profilePicture: uploadUrl(user.profilePicture),
            annualPoints: score.annualPoints,
          })),
      ]),
    ) as TopLeaders;
  }),

  mockRoute(endpoints.list, ({ query }) => {
    const { rows } = leaderRows(query);
    return { count: rows.length, rows: rows.slice(query.offset, query.offset + query.limit) };
  }),

  mockRoute(endpoints.exportList, ({ query }) => {
    const { year, rows } = leaderRows(query);
    return {
      fileName: csvFileName(['leaders', query.levelOfCompetition ?? 'all-levels', year], toIsoDay(mockClock.now())),
      header: ['First name', 'Last name', 'Email', 'Level of competition', 'Annual Points', 'Monthly Points'],
      rows: rows.map((row) => [row.firstName, row.lastName, row.email, row.levelOfCompetition, row.annualPoints, row.monthlyPoints]),
    };
  }),
];
