import type { PersonalData } from '@/domain/personal-data-archive';
import { competitionYearOf } from '@/domain/competition';
import { mockDb, type MockUser } from '../db';
import { mockLevelInYear, mockYearScore } from '../scores';

/** Everything the mocks hold about one person, in the archive's parts (the API's modules/privacy/personal-data-repo.ts). */
export const mockPersonalData = (user: MockUser): PersonalData => {
  const mine = <T extends { userId: number }>(rows: T[]) => rows.filter((row) => row.userId === user.id);
  const activities = mine(mockDb.activities);
  const steps = mine(mockDb.dailyStepAchievements);
  const events = mine(mockDb.eventParticipations);
  const bonuses = mine(mockDb.quarterlyBonuses);
  const years = [
    ...new Set(
      [...activities.map((row) => row.startDate), ...steps.map((row) => row.date), ...events.map((row) => row.date)]
        .map(competitionYearOf)
        .concat(bonuses.map((row) => row.competitionYear)),
    ),
  ].sort();
  const inMonth = (year: number, month: number) => (day: string) => competitionYearOf(day) === year && Number(day.slice(5, 7)) === month;
  const scores = years.map((year) => ({ year, score: mockYearScore(user.id, year), level: mockLevelInYear(user, year) }));
  return {
    profile: [
      {
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        dateOfBirth: user.dateOfBirth,
        gender: user.gender,
        levelOfCompetition: user.levelOfCompetition,
        isPrivateActivity: user.isPrivateActivity,
        profilePicture: user.profilePicture,
        emailConfirmedAt: user.emailConfirmedAt ?? null,
        pendingEmail: user.pendingEmail ?? null,
        createdAt: user.createdAt,
        updatedAt: user.updatedAt,
      },
    ],
    levels: mine(mockDb.userLevels).map(({ competitionYear, levelOfCompetition }) => ({ competitionYear, levelOfCompetition })),
    activities: activities
      .map(({ id, name, movingTime, startAt, startDate, source, externalId, createdAt, updatedAt }) => ({
        id,
        name,
        movingTime,
        startAt,
        startDate,
        source,
        externalId,
        isPrivate: false,
        createdAt,
        updatedAt,
      }))
      .sort((a, b) => a.startAt.localeCompare(b.startAt) || a.id - b.id),
    steps: steps.map(({ id, date, createdAt }) => ({ id, date, createdAt })).sort((a, b) => a.date.localeCompare(b.date)),
    events: events
      .map(({ id, name, date, isInTheTopThree, createdAt }) => ({ id, name, date, isInTheTopThree, createdAt }))
      .sort((a, b) => a.date.localeCompare(b.date)),
    quarterlyBonuses: bonuses.map(({ competitionYear, firstQuarter, secondQuarter, thirdQuarter, fourthQuarter }) => ({
      competitionYear,
      firstQuarter,
      secondQuarter,
      thirdQuarter,
      fourthQuarter,
    })),
    scoresByMonth: scores.flatMap(({ year, score, level }) =>
      [...score.monthlyPoints.entries()].map(([month, points]) => ({
        competitionYear: year,
        month,
        points,
        minutes: activities.filter((row) => inMonth(year, month)(row.startDate)).reduce((sum, row) => sum + row.movingTime, 0),
        steps: steps.filter((row) => inMonth(year, month)(row.date)).length,
        events: events.filter((row) => inMonth(year, month)(row.date)).length,
        levelOfCompetition: level,
      })),
    ),
    scoresByYear: scores
      .filter(({ score }) => score.annualPoints > 0)
      .map(({ year, score, level }) => ({
        competitionYear: year,
        points: score.annualPoints,
        lastScoredOn: score.lastScoredOn,
        levelOfCompetition: level,
      })),
    trackerConnections: mine(mockDb.trackerConnections).map((row) => ({
      service: row.service,
      externalUserId: row.externalUserId,
      status: row.status ?? 'connected',
      grantedScope: null,
      connectedAt: row.connectedAt,
      lastSyncedAt: row.lastSyncedAt,
      lastAttemptAt: row.lastAttemptAt ?? null,
      lastResult: row.lastResult ?? null,
    })),
    auditEntries: (mockDb.auditEvents ?? [])
      .filter((row) => row.subjectId === user.id)
      .map(({ id, at, action, actorId, actorRole, subjectId, subjectName, subjectEmail, before, after }) => ({
        id,
        at,
        action,
        actorId,
        actorRole,
        subjectId,
        subjectName,
        subjectEmail,
        before,
        after,
      })),
  };
};
