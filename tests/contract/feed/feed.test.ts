import { activityEndpoints } from '@/contract/activity';
import { feedEndpoints } from '@/contract/feed';
import { FIXTURE_PASSWORD, fixtureAdmin, fixtureId } from '../../../mocks/fixtures';
import { expectError, expectSuccess, targets, useTarget } from '../harness';

const bea = 'bea@wellness.test';
const ivan = 'ivan@wellness.test';
const pia = 'pia@wellness.test';

describe.each(targets)('feed on $name', (target) => {
  useTarget(target);

  test('newest first; bonuses named and worth their points; private users only to themselves', async () => {
    const { accessToken: beaToken } = await target.signIn(bea, FIXTURE_PASSWORD);
    const { accessToken: ivanToken } = await target.signIn(ivan, FIXTURE_PASSWORD);
    const { accessToken: piaToken } = await target.signIn(pia, FIXTURE_PASSWORD);
    await target.call(activityEndpoints.log, { token: beaToken, body: { name: 'Running', movingTime: 30, startTime: '2026-11-20T07:00:00.000Z' } });
    await target.call(activityEndpoints.addSteps, { token: ivanToken, body: { date: '2026-11-21' } });
    await target.call(activityEndpoints.logEvent, { token: ivanToken, body: { name: 'City run', isInTheTopThree: false, date: '2026-11-18' } });
    await target.call(activityEndpoints.log, { token: piaToken, body: { name: 'Yoga', movingTime: 15, startTime: '2026-11-22T06:00:00.000Z' } });

    const feed = expectSuccess(feedEndpoints.feed, await target.call(feedEndpoints.feed, { token: beaToken, query: { page: 1, pageSize: 10 } }));
    expect(feed.count).toBe(3);
    expect(feed.feed.map(({ id: _id, ...item }) => item)).toEqual([
      { userId: fixtureId(ivan), firstName: 'Ivan', lastName: 'Intermediate', name: '10,000 step bonus', profilePicture: null, startDate: '2026-11-21T00:00:00.000Z', movingTime: 30, isAchievement: true, isEvent: false },
      { userId: fixtureId(bea), firstName: 'Bea', lastName: 'Beginner', name: 'Running', profilePicture: null, startDate: '2026-11-20T07:00:00.000Z', movingTime: 30, isAchievement: false, isEvent: false },
      { userId: fixtureId(ivan), firstName: 'Ivan', lastName: 'Intermediate', name: 'Activity participation bonus', profilePicture: null, startDate: '2026-11-18T00:00:00.000Z', movingTime: 60, isAchievement: false, isEvent: true },
    ]);

    const own = expectSuccess(feedEndpoints.feed, await target.call(feedEndpoints.feed, { token: piaToken, query: { page: 1, pageSize: 2 } }));
    expect(own.count).toBe(4);
    expect(own.feed.map((item) => item.name)).toEqual(['Yoga', '10,000 step bonus']);
    const second = expectSuccess(feedEndpoints.feed, await target.call(feedEndpoints.feed, { token: piaToken, query: { page: 2, pageSize: 2 } }));
    expect(second.feed.map((item) => item.name)).toEqual(['Running', 'Activity participation bonus']);
  });

  test('bad paging is 400; admins get 403; no token 401', async () => {
    const { accessToken } = await target.signIn(bea, FIXTURE_PASSWORD);
    expectError(await target.call(feedEndpoints.feed, { token: accessToken, query: { page: 0 } }), 400, 'VALIDATION_FAILED', 'Page must be 1 or more');
    expectError(await target.call(feedEndpoints.feed, { token: accessToken, query: { pageSize: 101 } }), 400, 'VALIDATION_FAILED', 'Page size must be 100 or less');
    const { accessToken: admin } = await target.signIn(fixtureAdmin.email, fixtureAdmin.password);
    expectError(await target.call(feedEndpoints.feed, { token: admin }), 403, 'FORBIDDEN');
    expectError(await target.call(feedEndpoints.feed), 401, 'UNAUTHENTICATED');
  });
});
