import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { ActivityRow } from '@/domain/activity-serialize';

/**
 * THE select of an Activity's columns (docs/architecture.md#adding-a-field-to-activity), as one JSON
 * object per row of `activities a`: the month read and the answers of writes both use it, and
 * toActivity (src/domain/activity-serialize.ts) turns it into the contract's Activity. The other
 * providers that reported the same workout come from tracker_duplicates at read time.
 */
export const activityJson = sql`json_build_object(
  'id', a.id, 'name', a.name, 'movingTime', a.moving_time, 'source', a.source, 'startAt', a.start_at,
  'alsoRecordedBy', array(select d.source from tracker_duplicates d where d.activity_id = a.id order by d.source))`;

/** One activity by id (after a write), or null. */
export const findActivityRow = async (db: DbOrTx, id: number): Promise<ActivityRow | null> => {
  const [row] = rowsOf<{ activity: ActivityRow }>(await db.execute(sql`select ${activityJson} as activity from activities a where a.id = ${id}`));
  return row ? row.activity : null;
};
