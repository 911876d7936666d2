import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rawStatement } from '../../db/raw-statement';
import { rowsOf } from '../../db/rows';
import type { ActivityRow } from '@/domain/activity-serialize';

/**
 * THE select of an Activity's columns (docs/architecture.md#adding-a-field-to-activity), as one JSON
 * object per row of `activities a`: the month read and the answers of writes (as RETURNING) use it, and
 * toActivity (src/domain/activity-serialize.ts) turns it into the contract's Activity. The other
 * providers that reported the same workout come from tracker_duplicates at read time.
 */
export const activityJson = sql`json_build_object(
  'id', a.id, 'name', a.name, 'movingTime', a.moving_time, 'source', a.source, 'startAt', a.start_at,
  'alsoRecordedBy', array(select d.source from tracker_duplicates d where d.activity_id = a.id order by d.source))`;

type ActivityValues = { userId: number; name: string; movingTime: number; startAt: Date; startDate: string };

const insertStatement = rawStatement(
  'insert_activity',
  sql`insert into activities as a (user_id, name, moving_time, start_at, start_date, source)
      values (${sql.placeholder('userId')}::int, ${sql.placeholder('name')}::text, ${sql.placeholder('movingTime')}::int, ${sql.placeholder('startAt')}::timestamptz, ${sql.placeholder('startDate')}::date, 'manual')
      returning ${activityJson}`,
);

/** A manual activity inserted, answered as every read shows it (one round trip, a named statement). */
export const insertActivityRow = async (db: DbOrTx, values: ActivityValues): Promise<ActivityRow> => {
  const [row] = await insertStatement(db, { ...values, startAt: values.startAt.toISOString() });
  // Both drivers parse a json column.
  return row![0] as ActivityRow;
};

/** An activity changed, answered as every read shows it (one round trip). */
export const updateActivityRow = async (db: DbOrTx, id: number, values: Omit<ActivityValues, 'userId'>, now: Date): Promise<ActivityRow> => {
  const [row] = rowsOf<{ activity: ActivityRow }>(
    await db.execute(sql`update activities as a set name = ${values.name}, moving_time = ${values.movingTime},
      start_at = ${values.startAt.toISOString()}::timestamptz, start_date = ${values.startDate}::date, updated_at = ${now.toISOString()}::timestamptz
      where a.id = ${id} returning ${activityJson} as activity`),
  );
  return row!.activity;
};

/** One activity by id, or null. */
export const findActivityRow = async (db: DbOrTx, id: number): Promise<ActivityRow | null> => {
  const [row] = rowsOf<{ activity: ActivityRow }>(await db.execute(sql`select ${activityJson} as activity from activities a where a.id = ${id}`));
  return row ? row.activity : null;
};
