export { genderLabel } from '@/domain/gender-label';

export const fullName = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`;

/** docs/product-rules.md#users-management: moving time as 'N minute(s)'. */
export const minutesLabel = (minutes: number) => `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;

/** Date format (docs/product-rules.md#time-and-days): YYYY-MM-DD (UTC day) of a date or date-time string. */
export const dayOf = (value: string) => value.slice(0, 10);

export const pointsLabel = (points: number) => `${points} ${points === 1 ? 'point' : 'points'}`;

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
