import { Activity, activityEndpoints as endpoints } from '@/contract/activity';
import { FIXTURE_PASSWORD } from '../../../mocks/fixtures';
import { expectSuccess, targets, useTarget } from '../harness';

/*
 * Adding a field to Activity (docs/architecture.md#adding-a-field-to-activity): every answer that
 * carries an Activity (log, update, the month) must hold exactly the contract's fields, on the real
 * server (one select, server/modules/activity/activity-row-repo.ts, and one serializer,
 * src/domain/activity-serialize.ts) and on the mocks (mocks/db.ts row, mocks/handlers/activity.ts).
 * A field added to the contract fails here until each of those carries it.
 */
const fields = Object.keys(Activity.shape).sort();

describe.each(targets)('every Activity field on $name', (target) => {
  useTarget(target);

  test('log, update and month answer exactly the contract fields, the same activity the same way', async () => {
    const { accessToken: token } = await target.signIn('bea@wellness.test', FIXTURE_PASSWORD);
    const created = expectSuccess(endpoints.log, await target.call(endpoints.log, { token, body: { name: 'Running', movingTime: 30, startTime: '2026-11-20T06:00:00.000Z' } }));
    const updated = expectSuccess(endpoints.update, await target.call(endpoints.update, { token, params: { id: created.id }, body: { name: 'Running', movingTime: 35, startDate: '2026-11-21' } }));
    const month = expectSuccess(endpoints.month, await target.call(endpoints.month, { token, query: { startDate: '2026-11-01', endDate: '2026-11-30' } }));
    for (const answer of [created, updated, ...month.activities]) {
      expect(Object.keys(answer).sort()).toEqual(fields);
      expect(Activity.strict().safeParse(answer).success).toBe(true);
    }
    expect(month.activities).toEqual([updated]);
  });
});
