import { sql } from 'drizzle-orm';
import type { PersonalData } from '@/domain/personal-data-archive';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * Everything held about one person (docs/access.md#privacy-self-service), read in one statement:
 * each part a JSON array in the archive's column names (src/domain/personal-data-archive.ts).
 * Their own Strava imports come with titles and minutes: the person is the athlete. Tracker
 * connections without their tokens; import tokens by name and dates (only their hashes are kept); the audit entries whose subject is the person.
 */
const part = (select: ReturnType<typeof sql>, order: string) =>
  sql`(select coalesce(json_agg(t order by ${sql.raw(order)}), '[]') from (${select}) t)`;

export const readPersonalData = async (db: DbOrTx, userId: number): Promise<PersonalData | null> => {
  const id = sql`${userId}::int`;
  const rows = rowsOf<{ data: string | null }>(
    await db.execute(sql`select case when exists (select 1 from users where id = ${id}) then json_build_object(
      'profile', ${part(
        sql`select u.id, u.email, u.first_name as "firstName", u.last_name as "lastName", u.date_of_birth as "dateOfBirth", u.gender,
                               u.level_of_competition as "levelOfCompetition", u.is_private_activity as "isPrivateActivity", u.profile_picture as "profilePicture",
                               u.email_confirmed_at as "emailConfirmedAt", u.pending_email as "pendingEmail", u.created_at as "createdAt", u.updated_at as "updatedAt" from users u where u.id = ${id}`,
        't.id',
      )},
      'levels', ${part(sql`select competition_year as "competitionYear", level_of_competition as "levelOfCompetition" from user_levels where user_id = ${id}`, 't."competitionYear"')},
      'activities', ${part(
        sql`select id, name, moving_time as "movingTime", start_at as "startAt", start_date as "startDate", source, external_id as "externalId",
                                  is_private as "isPrivate", created_at as "createdAt", updated_at as "updatedAt" from activities where user_id = ${id}`,
        't."startAt", t.id',
      )},
      'steps', ${part(sql`select id, date, created_at as "createdAt" from daily_step_achievements where user_id = ${id}`, 't.date, t.id')},
      'events', ${part(sql`select id, name, date, is_in_the_top_three as "isInTheTopThree", created_at as "createdAt" from event_participations where user_id = ${id}`, 't.date, t.id')},
      'quarterlyBonuses', ${part(
        sql`select competition_year as "competitionYear", first_quarter as "firstQuarter", second_quarter as "secondQuarter",
                                        third_quarter as "thirdQuarter", fourth_quarter as "fourthQuarter" from quarterly_bonuses where user_id = ${id}`,
        't."competitionYear"',
      )},
      'scoresByMonth', ${part(
        sql`select competition_year as "competitionYear", month, points, minutes, steps, events, level_of_competition as "levelOfCompetition"
                                     from score_months where user_id = ${id}`,
        't."competitionYear", t.month',
      )},
      'scoresByYear', ${part(
        sql`select competition_year as "competitionYear", points, last_scored_on as "lastScoredOn", level_of_competition as "levelOfCompetition"
                                    from score_years where user_id = ${id}`,
        't."competitionYear"',
      )},
      'trackerConnections', ${part(
        sql`select service, external_user_id as "externalUserId", status, granted_scope as "grantedScope", created_at as "connectedAt",
                                          last_synced_at as "lastSyncedAt", last_attempt_at as "lastAttemptAt", last_result as "lastResult" from tracker_connections where user_id = ${id}`,
        't.service',
      )},
      'importTokens', ${part(
        sql`select id, name, created_at as "createdAt", last_used_at as "lastUsedAt", revoked_at as "revokedAt" from import_tokens where user_id = ${id}`,
        't."createdAt", t.id',
      )},
      'auditEntries', ${part(
        sql`select id, at, action, actor_id as "actorId", actor_role as "actorRole", subject_id as "subjectId", subject_name as "subjectName",
                                    subject_email as "subjectEmail", before, after from audit_events where subject_id = ${id}`,
        't.at, t.id',
      )}
    )::text end as data`),
  );
  const data = rows[0]?.data;
  return data ? (JSON.parse(data) as PersonalData) : null;
};

/** The person's photo file name, if any (added to the archive). */
export const photoOf = async (db: DbOrTx, userId: number) =>
  rowsOf<{ name: string | null }>(await db.execute(sql`select profile_picture as name from users where id = ${userId}::int`))[0]?.name ??
  null;
