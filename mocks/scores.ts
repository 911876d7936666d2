import type { LevelOfCompetition } from '@/contract/common';
import { levelInYearOf } from '@/domain/leaders-year';
import { scoreYear, type YearScore } from '@/domain/scoring-points';
import { mockDb, type MockUser } from './db';

/**
 * Scores and levels computed straight from the mock tables with the server's own reference
 * scoring (@/domain/scoring-points), so mock standings equal the server's.
 */
export const mockYearScore = (userId: number, year: number): YearScore =>
  scoreYear(
    {
      activities: mockDb.activities.filter((row) => row.userId === userId),
      steps: mockDb.dailyStepAchievements.filter((row) => row.userId === userId),
      events: mockDb.eventParticipations.filter((row) => row.userId === userId),
      bonus: mockDb.quarterlyBonuses.find((row) => row.userId === userId && row.competitionYear === year) ?? null,
    },
    year,
  );

export const mockLevelInYear = (user: MockUser, year: number): LevelOfCompetition =>
  levelInYearOf(
    mockDb.userLevels.filter((row) => row.userId === user.id),
    year,
    user.levelOfCompetition,
  );
