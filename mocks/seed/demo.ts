import { defaultScoringRules } from '@/domain/scoring-rules';
import type { Db } from '../../server/db/client';
import { activities, dailyStepAchievements, eventParticipations, users } from '../../server/db/schema';
import { rebuildEveryYear } from '../../server/modules/scoring/rebuild-command';
import { asc, eq } from 'drizzle-orm';
import { demoActivityPlan } from './demo-activity';

/**
 * QA's demo activity (demo-activity.ts) written into the real tables, then every score rebuilt by the
 * server's own rebuild (`npm run scores:rebuild`'s path): no scoring rule is computed here.
 */
export const seedDemoActivity = async (db: Db, now: Date, log: (line: string) => void = () => undefined) => {
  const employees = await db.select({ id: users.id }).from(users).where(eq(users.role, 'user')).orderBy(asc(users.id));
  const plan = demoActivityPlan(now, employees);
  await db.transaction(async (tx) => {
    if (plan.activities.length) {
      await tx.insert(activities).values(
        plan.activities.map((row) => ({ userId: row.userId, name: row.name, movingTime: row.movingTime, startAt: new Date(row.startAt), startDate: row.day, createdAt: new Date(row.createdAt), updatedAt: new Date(row.createdAt) })),
      );
    }
    if (plan.steps.length) await tx.insert(dailyStepAchievements).values(plan.steps.map((row) => ({ userId: row.userId, date: row.day, createdAt: new Date(row.createdAt) })));
    if (plan.events.length) {
      await tx.insert(eventParticipations).values(plan.events.map((row) => ({ userId: row.userId, name: row.name, isInTheTopThree: row.isInTheTopThree, date: row.day, createdAt: new Date(row.createdAt) })));
    }
  });
  await rebuildEveryYear(db, defaultScoringRules, now, log);
  return { activities: plan.activities.length, steps: plan.steps.length, events: plan.events.length };
};
