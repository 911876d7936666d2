import type { z } from 'zod';
import type { User } from '../../api/contract/users';
import type { ProfileForm } from '../../api/contract/profile';

/** What the form edits: selects and radios hold text, so the boolean travels as 'true' / 'false'. */
export type ProfileValues = {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  gender: string;
  email: string;
  levelOfCompetition: string;
  isPrivateActivity: 'true' | 'false';
};

export type ProfileChanges = Partial<Record<keyof ProfileValues, string | boolean>>;

export const valuesOf = (user: User): ProfileValues => ({
  firstName: user.firstName,
  lastName: user.lastName,
  dateOfBirth: user.dateOfBirth ?? '',
  gender: user.gender,
  email: user.email,
  levelOfCompetition: user.levelOfCompetition,
  isPrivateActivity: user.isPrivateActivity ? 'true' : 'false',
});

/** Only the fields the user changed (docs/product-rules.md#profile), taken from the validated form data. */
export const changedFields = (parsed: z.output<typeof ProfileForm>, dirty: Partial<Record<keyof ProfileValues, boolean | undefined>>): ProfileChanges => {
  const changes: ProfileChanges = {};
  for (const key of Object.keys(parsed) as (keyof ProfileValues)[]) {
    if (dirty[key]) changes[key] = parsed[key];
  }
  return changes;
};
