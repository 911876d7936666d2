import { assertPasswordSignin } from '../sso/password-signin';
import { defaultScoringRules } from '@/domain/scoring-rules';
import { workoutForOthers } from '@/domain/strava-agreement';
import type { HttpHandler } from 'msw';
import { usersEndpoints as endpoints, type UsersQuery } from '@/contract/users';
import { csvFileName } from '@/domain/csv';
import { currentCompetitionYear, quarterlyBonusYear, toIsoDay } from '@/domain/competition';
import { matchesSearch, searchWordsOf } from '@/domain/search-words';
import { sendPasswordResetMail } from '../auth/accounts';
import { consumeRateLimit, rateLimitRules } from '../auth/rate-limit';
import { mockClock } from '../clock';
import { mockDb, nowIso, upsertYearLevel } from '../db';
import { conflict, notFound } from '../errors';
import { deleteMockAccount } from '../privacy/account-deletion';
import { mockRoute } from '../http';
import { mockAudit } from './audit';
import { changedAdminFields } from '@/domain/audit-changes';
import { newestFirst, pageRows } from '../paging';
import { toContractUser } from '../serialize';

/** Users management by an admin, as the API's modules/users/admin-service.ts: employees only, admins are 404. */

const USER_NOT_FOUND = 'User not found';
const CANNOT_DELETE_SELF = 'You cannot delete your own account';
const RESET_MAIL_SENT = 'Reset password mail has been sent';

const employee = (id: number) => {
  const user = mockDb.users.find((candidate) => candidate.id === id && candidate.role === 'user');
  if (!user) throw notFound(USER_NOT_FOUND);
  return user;
};

/** Text order of PostgreSQL's default "C" collation: plain code-unit comparison. */
const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const yesNo = (flag: boolean) => (flag ? 'yes' : 'no');

/** Same filter and order as the API's modules/users/admin-repo.ts (employees, search, level, sort). */
const matchingEmployees = (query: Omit<UsersQuery, 'currentPage' | 'pageSize'>) => {
  const direction = query.order === 'desc' ? -1 : 1;
  return mockDb.users
    .filter((user) => user.role === 'user')
    .filter((user) => !query.level || user.levelOfCompetition === query.level)
    .filter((user) => !query.search || matchesSearch(searchWordsOf(user.firstName, user.lastName, user.email), query.search))
    .sort(
      (a, b) =>
        direction * byCode(String(a[query.sort]), String(b[query.sort])) ||
        byCode(a.lastName, b.lastName) ||
        byCode(a.firstName, b.firstName) ||
        a.id - b.id,
    );
};

export const usersHandlers: HttpHandler[] = [
  mockRoute(endpoints.list, ({ query }) => {
    const page = pageRows(matchingEmployees(query), query.currentPage, query.pageSize);
    return { rows: page.rows.map(toContractUser), count: page.count };
  }),

  // Before `detail`: MSW takes the first match, and `/users/:id` would take `export.csv` as an id.
  mockRoute(endpoints.exportList, ({ query }) => {
    const now = mockClock.now();
    const year = quarterlyBonusYear(now);
    return {
      fileName: csvFileName(['employees', query.level ?? 'all-levels'], toIsoDay(now)),
      header: [
        'First name',
        'Last name',
        'Email',
        'Gender',
        'Level of competition',
        'Date of birth',
        `${year} Q1 bonus`,
        `${year} Q2 bonus`,
        `${year} Q3 bonus`,
        `${year} Q4 bonus`,
      ],
      rows: matchingEmployees(query).map((row) => {
        const user = toContractUser(row);
        const bonus = user.quarterlyBonus;
        return [
          user.firstName,
          user.lastName,
          user.email,
          user.gender,
          user.levelOfCompetition,
          user.dateOfBirth ?? '',
          yesNo(bonus.firstQuarter),
          yesNo(bonus.secondQuarter),
          yesNo(bonus.thirdQuarter),
          yesNo(bonus.fourthQuarter),
        ];
      }),
    };
  }),

  mockRoute(endpoints.exportUser, ({ params }) => {
    const user = employee(params.id);
    const workouts = mockDb.activities.filter((row) => row.userId === user.id).sort(newestFirst((row) => row.startAt));
    const events = mockDb.eventParticipations.filter((row) => row.userId === user.id).sort(newestFirst((row) => row.date));
    const steps = mockDb.dailyStepAchievements.filter((row) => row.userId === user.id).sort(newestFirst((row) => row.date));
    return {
      fileName: csvFileName(['employee', user.lastName, user.firstName], toIsoDay(mockClock.now())),
      header: ['Kind', 'Date', 'Title', 'Minutes', 'Top three', 'Points'],
      rows: [
        ...workouts
          .map((row) => workoutForOthers({ ...row, startDate: new Date(row.startAt).toISOString() }, defaultScoringRules))
          .map((row) => ['Workout', row.startDate?.slice(0, 10) ?? '', row.name, row.movingTime ?? '', '', row.points]),
        ...events.map((row) => ['Event participation', row.date, row.name, '', yesNo(row.isInTheTopThree), '']),
        ...steps.map((row) => ['10,000 steps', row.date, '', '', '', '']),
      ],
    };
  }),

  mockRoute(endpoints.detail, ({ params }) => toContractUser(employee(params.id))),

  mockRoute(endpoints.update, ({ params, body, user: caller }) => {
    const user = employee(params.id);
    // One entry per edit, with every field it changed (the level too), like the API.
    mockAudit({ actor: caller, action: 'user.update', subject: { ...user }, ...changedAdminFields(user as typeof body, body) });
    Object.assign(user, { ...body, updatedAt: nowIso() });
    // An admin may correct the level at any time; it holds for the current competition year.
    upsertYearLevel(user.id, currentCompetitionYear(mockClock.now()), body.levelOfCompetition);
    return toContractUser(user);
  }),

  mockRoute(endpoints.remove, ({ params, user: caller }) => {
    if (caller.id === params.id) throw conflict(CANNOT_DELETE_SELF);
    const target = employee(params.id);
    // The same deletion as 'Delete my account' (the API's modules/privacy/account-deletion.ts).
    deleteMockAccount(caller, target.id);
  }),

  mockRoute(endpoints.sendResetMail, ({ params, user: caller }) => {
    assertPasswordSignin();
    const target = employee(params.id);
    consumeRateLimit(rateLimitRules.adminResetPerAccount, String(target.id));
    sendPasswordResetMail(target);
    mockAudit({ actor: caller, action: 'user.reset_password_mail', subject: target });
    return { message: RESET_MAIL_SENT };
  }),

  mockRoute(endpoints.workouts, ({ params, query }) => {
    const userId = employee(params.id).id;
    const rows = mockDb.activities
      .filter((row) => row.userId === userId)
      .sort(newestFirst((row) => row.startAt))
      .map((row) => workoutForOthers({ ...row, startDate: new Date(row.startAt).toISOString() }, defaultScoringRules));
    return pageRows(rows, query.page, query.pageSize);
  }),

  mockRoute(endpoints.eventParticipation, ({ params, query }) => {
    const userId = employee(params.id).id;
    const rows = mockDb.eventParticipations
      .filter((row) => row.userId === userId)
      .map(({ id, name, isInTheTopThree, date }) => ({ id, name, isInTheTopThree, date }))
      .sort(newestFirst((row) => row.date));
    return pageRows(rows, query.page, query.pageSize);
  }),

  mockRoute(endpoints.dailyAchievements, ({ params, query }) => {
    const userId = employee(params.id).id;
    const rows = mockDb.dailyStepAchievements
      .filter((row) => row.userId === userId)
      .map(({ id, date }) => ({ id, date, isDailyStepsBonus: true }))
      .sort(newestFirst((row) => row.date));
    return pageRows(rows, query.page, query.pageSize);
  }),
];
