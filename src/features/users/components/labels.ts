import type { Gender } from '../../../api/contract/common';

/** 'female' -> 'Female' for display; the stored value stays lower-case (SPEC 3). */
export const genderLabel = (gender: Gender) => gender[0]!.toUpperCase() + gender.slice(1);

export const fullName = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`;

/** SPEC 2: moving time as 'N minute(s)'. */
export const minutesLabel = (minutes: number) => `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;

/** SPEC 9 date format YYYY-MM-DD (UTC day) of a date or date-time string. */
export const dayOf = (value: string) => value.slice(0, 10);

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
