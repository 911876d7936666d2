import { activityEndpoints } from '@/contract/activity';
import { feedEndpoints } from '@/contract/feed';
import { leadersEndpoints } from '@/contract/leaders';
import { shapeDifferences } from '../../support/contract-shape';
import { addUser, authHeader, logActivity, logEvent, logSteps } from '../helpers/competition-seed';
import { createTestApp } from '../helpers/test-app';

const NOW = '2026-11-22T10:00:00Z';

/**
 * The bodies the database writes as JSON (month_views and the month statement, leaders_top, the
 * leaders list and feed statements) go out without zod (PreSerialized). Each one is held to its
 * contract schema field by field, with every kind of row in it, so a field added to the contract
 * but not to the SQL (or the other way round) fails here, naming the field.
 */
test('every SQL-built JSON body has exactly the fields and types of its contract schema', async () => {
  const { app, db, config, clock } = await createTestApp({ now: NOW });
  const admin = await addUser(db, { role: 'admin', level: 'Elite' });
  const bea = await addUser(db, { firstName: 'Bea', level: 'Beginner', profilePicture: 'bea.png' });
  const ivan = await addUser(db, { firstName: 'Ivan', level: 'Beginner' });
  await logActivity(db, bea.id, '2026-11-03', 45, { name: 'Running', time: '06:15' });
  await logActivity(db, bea.id, '2026-11-03', 20, { name: 'Kayak polo', source: 'fitbit' });
  await logActivity(db, bea.id, '2026-10-30', 30, { name: 'Yoga', source: 'strava' });
  await logSteps(db, bea.id, '2026-11-04');
  await logEvent(db, bea.id, '2026-11-05', true);
  await logEvent(db, ivan.id, '2026-11-06');
  await logActivity(db, ivan.id, '2026-11-07', 15);

  const asBea = await authHeader(bea, config, clock.now());
  const asAdmin = await authHeader(admin, config, clock.now());
  const bodies = [
    { name: 'month (month_views)', endpoint: activityEndpoints.month, url: '/api/user/activity?startDate=2026-11-01&endDate=2026-11-30', headers: asBea, lists: ['activities', 'dailyStepsAchievements', 'eventParticipationDates'] },
    { name: 'range across months (rows)', endpoint: activityEndpoints.month, url: '/api/user/activity?startDate=2026-10-26&endDate=2026-11-08', headers: asBea, lists: ['activities', 'dailyStepsAchievements', 'eventParticipationDates'] },
    { name: 'feed', endpoint: feedEndpoints.feed, url: '/api/user/activity/feed?page=1&pageSize=20', headers: asBea, lists: ['feed'] },
    { name: 'leaders top (leaders_top)', endpoint: leadersEndpoints.top, url: '/api/leaders/top', headers: asBea, lists: ['Beginner'] },
    { name: 'admin leaders list, all levels', endpoint: leadersEndpoints.list, url: '/api/leaders', headers: asAdmin, lists: ['rows'] },
    { name: 'admin leaders list, one level', endpoint: leadersEndpoints.list, url: '/api/leaders?levelOfCompetition=Beginner', headers: asAdmin, lists: ['rows'] },
  ];

  for (const { name, endpoint, url, headers, lists } of bodies) {
    const response = await app.inject({ method: 'GET', url, headers });
    expect({ name, status: response.statusCode }).toEqual({ name, status: 200 });
    const body = response.json() as Record<string, unknown[]>;
    // Not vacuous: every list holds rows, so each element's fields are checked too.
    for (const list of lists) expect({ name, list, empty: (body[list] ?? []).length === 0 }).toEqual({ name, list, empty: false });
    expect({ name, differences: shapeDifferences(endpoint.response, body) }).toEqual({ name, differences: [] });
  }
  await app.close();
});
