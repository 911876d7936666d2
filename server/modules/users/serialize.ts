import type { User } from '@/contract/users';
import { noQuarterlyBonus, type QuarterlyBonus } from '@/contract/users';
import type { quarterlyBonuses, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type QuarterlyBonusRow = typeof quarterlyBonuses.$inferSelect;

/** Where uploaded photos are served (plugins/uploads.ts); migration 0006 writes the same prefix in SQL. */
export const UPLOADS_PATH = '/api/uploads/';
/** Public URL of a stored upload (file name only). */
export const uploadUrl = (fileName: string | null) => (fileName ? `${UPLOADS_PATH}${fileName}` : null);

export const toQuarterlyBonus = (row: QuarterlyBonusRow | null | undefined): QuarterlyBonus =>
  row
    ? { firstQuarter: row.firstQuarter, secondQuarter: row.secondQuarter, thirdQuarter: row.thirdQuarter, fourthQuarter: row.fourthQuarter }
    : { ...noQuarterlyBonus };

/**
 * A users row (+ its quarterly_bonuses row of the bonus year, if any) in the contract `User` shape.
 * Never exposes the password hash or the raw file name.
 */
export const toUser = (row: UserRow, bonus?: QuarterlyBonusRow | null): User => ({
  id: row.id,
  role: row.role,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  dateOfBirth: row.dateOfBirth,
  gender: row.gender,
  levelOfCompetition: row.levelOfCompetition,
  profilePicture: uploadUrl(row.profilePicture),
  isPrivateActivity: row.isPrivateActivity,
  quarterlyBonus: toQuarterlyBonus(bonus),
});
