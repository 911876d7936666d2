import { noQuarterlyBonus, type QuarterlyBonus, type User } from '@/contract/users';
import { quarterlyBonusYear } from '@/domain/competition';
import { mockClock } from './clock';
import { mockDb, type MockUser } from './db';

/** Same URL shape as the server (the API's modules/users/serialize.ts): /api/uploads/<file name>. */
export const uploadUrl = (name: string | null) => (name ? `/api/uploads/${name}` : null);

export const quarterlyBonusOf = (userId: number, competitionYear: number): QuarterlyBonus => {
  const row = mockDb.quarterlyBonuses.find((bonus) => bonus.userId === userId && bonus.competitionYear === competitionYear);
  return row
    ? { firstQuarter: row.firstQuarter, secondQuarter: row.secondQuarter, thirdQuarter: row.thirdQuarter, fourthQuarter: row.fourthQuarter }
    : { ...noQuarterlyBonus };
};

/** The contract `User`, with the bonus flags of quarterlyBonusYear(now), like the server's toUser. */
export const toContractUser = (user: MockUser): User => ({
  id: user.id,
  role: user.role,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  dateOfBirth: user.dateOfBirth,
  gender: user.gender,
  levelOfCompetition: user.levelOfCompetition,
  profilePicture: uploadUrl(user.profilePicture),
  isPrivateActivity: user.isPrivateActivity,
  quarterlyBonus: quarterlyBonusOf(user.id, quarterlyBonusYear(mockClock.now())),
});
