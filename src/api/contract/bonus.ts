import { z } from 'zod';
import { Id, IdParams, endpoint } from './common';
import { QuarterlyBonus, User } from './users';

/** The quarterly bonus flags of the bonus year (an admin sets them). */
export const QuarterlyBonusUpdate = z.object({ newQuarterlyBonusData: QuarterlyBonus });
export const ActivityQuarterlyBonusUpdate = z.object({ userId: Id, newQuarterlyBonusData: QuarterlyBonus });

export const bonusEndpoints = {
  quarterlyBonus: endpoint({ method: 'PUT', path: '/users/:id/quarterly-bonus', auth: 'admin', params: IdParams, body: QuarterlyBonusUpdate, status: 200, response: User }),
  activityQuarterlyBonus: endpoint({ method: 'PUT', path: '/user/activity/quarterly-bonus', auth: 'admin', body: ActivityQuarterlyBonusUpdate, status: 200, response: User }),
};
