import { activityEndpoints } from '@/contract/activity';
import { feedEndpoints } from '@/contract/feed';
import { insightsEndpoints } from '@/contract/insights';
import { leadersEndpoints } from '@/contract/leaders';
import { shapeDifferences } from '../../support/contract-shape';
import { addUser, authHeader, logActivity, logEvent, logSteps } from '../helpers/competition-seed';
import { createTestApp } from '../helpers/test-app';
import { trackerDuplicates } from '../../../server/db/schema';

const NOW = '2026-11-22T10:00:00Z';

/**
 * The bodies the database writes as JSON (the top leaders, the
 * leaders list and feed statements, the insights progress and overview) go out without zod (PreSerialized). Each one is held to its
 * contract schema field by field, with every kind of row in it, so a field added to the contract
 * but not to the SQL (or the other way round) fails here, naming the field.
 */
type Seeded = Awaited<ReturnType<typeof seed>>;

/** Every kind of row each body can hold: photo and no photo, manual/Strava/Fitbit, a custom title, steps, events. */
const seed = async () => {
  const { app, db, config, clock } = await createTestApp({ now: NOW });
  const admin = await addUser(db, { role: 'admin', level: 'Elite' });
  const bea = await addUser(db, { firstName: 'Bea', level: 'Beginner', profilePicture: 'bea.png' });
  const ivan = await addUser(db, { firstName: 'Ivan', level: 'Beginner' });
  await logActivity(db, bea.id, '2026-11-03', 45, { name: 'Running', time: '06:15' });
  const kayak = await logActivity(db, bea.id, '2026-11-03', 20, { name: 'Kayak polo', source: 'fitbit' });
  // A second source of the same workout (its alsoRecordedBy is not empty).
  await db.insert(trackerDuplicates).values({ userId: bea.id, source: 'strava', externalId: '9001', activityId: kayak.id });
  await logActivity(db, bea.id, '2026-10-30', 30, { name: 'Yoga', source: 'strava' });
  await logSteps(db, bea.id, '2026-11-04');
  await logEvent(db, bea.id, '2026-11-05', true);
  await logEvent(db, ivan.id, '2026-11-06');
  await logActivity(db, ivan.id, '2026-11-07', 15);
  return { app, asBea: await authHeader(db, bea, config, clock.now()), asAdmin: await authHeader(db, admin, config, clock.now()) };
};

let seeded: Seeded;
beforeAll(async () => {
  seeded = await seed();
});
afterAll(async () => {
  await seeded?.app.close();
});

const monthLists = ['activities', 'dailyStepsAchievements', 'eventParticipationDates'];
const bodies = [
  { name: 'month', endpoint: activityEndpoints.month, url: '/api/user/activity?startDate=2026-11-01&endDate=2026-11-30', as: 'asBea', lists: monthLists },
  { name: 'range across months (rows)', endpoint: activityEndpoints.month, url: '/api/user/activity?startDate=2026-10-26&endDate=2026-11-08', as: 'asBea', lists: monthLists },
  { name: 'feed', endpoint: feedEndpoints.feed, url: '/api/user/activity/feed?page=1&pageSize=20', as: 'asBea', lists: ['feed'] },
  { name: 'leaders top', endpoint: leadersEndpoints.top, url: '/api/leaders/top', as: 'asBea', lists: ['Beginner'] },
  { name: 'admin leaders list, all levels', endpoint: leadersEndpoints.list, url: '/api/leaders', as: 'asAdmin', lists: ['rows'] },
  { name: 'admin leaders list, one level', endpoint: leadersEndpoints.list, url: '/api/leaders?levelOfCompetition=Beginner', as: 'asAdmin', lists: ['rows'] },
  { name: 'admin leaders list searched, all levels', endpoint: leadersEndpoints.list, url: '/api/leaders?search=bea', as: 'asAdmin', lists: ['rows'] },
  { name: 'admin leaders list searched within a level', endpoint: leadersEndpoints.list, url: '/api/leaders?levelOfCompetition=Beginner&search=ivan', as: 'asAdmin', lists: ['rows'] },
  { name: 'insights progress', endpoint: insightsEndpoints.progress, url: '/api/insights/progress', as: 'asBea', lists: ['months'] },
  { name: 'insights overview', endpoint: insightsEndpoints.overview, url: '/api/insights/overview', as: 'asAdmin', lists: ['months'] },
] as const;

test.each(bodies)('$name: exactly the fields and types of its contract schema', async ({ endpoint, url, as, lists }) => {
  const response = await seeded.app.inject({ method: 'GET', url, headers: seeded[as] });
  expect(response.statusCode).toBe(200);
  const body = response.json() as Record<string, unknown[]>;
  // Not vacuous: every list holds rows, so each element's fields are checked too.
  for (const list of lists) expect({ list, empty: (body[list] ?? []).length === 0 }).toEqual({ list, empty: false });
  expect(shapeDifferences(endpoint.response, body)).toEqual([]);
});
