import { signedInToken } from '../../support/signed-in-token';
import { users } from '../../../server/db/schema';
import type { Ctx } from './helpers';
import { connect, exercise, imported, points, provider, setup, stravaRun, useFakeProvider } from './helpers';

useFakeProvider();

const adminReader = async (ctx: Ctx) => {
  const [admin] = await ctx.db.insert(users).values({ role: 'admin', email: 'admin@example.com', passwordHash: 'x', firstName: 'A', lastName: 'A', gender: 'other', levelOfCompetition: 'Beginner' }).returning();
  const token = await signedInToken(ctx.db, ctx.config, { id: admin!.id, role: 'admin' }, ctx.clock.now());
  return (url: string) => ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
};

describe('Strava data is shown to its athlete only (Strava API agreement)', () => {
  test('the admin workouts tab and the CSV export leave Strava imports out entirely (their points would be their minutes); the employee still sees them and they still count', async () => {
    const { ctx, jane } = await setup();
    provider.strava.activities = [stravaRun(1, '2026-11-21T07:00:00Z', 37 * 60, { name: 'Secret tempo along the canal', sport_type: 'TrailRun' })];
    provider.google.exercises = [exercise('fit', '2026-11-20T09:00:00Z', 20 * 60, { exerciseType: 'YOGA' })];
    await connect(ctx, jane, 'STRAVA');
    await connect(ctx, jane, 'FITBIT');
    await ctx.app.afterResponse.idle();

    const asAdmin = await adminReader(ctx);
    const tab = await asAdmin(`/api/users/${jane.id}/workouts`);
    expect(tab.statusCode).toBe(200);
    expect(tab.json()).toEqual({ count: 1, rows: [{ id: expect.any(Number), name: 'Yoga', movingTime: 20, startDate: '2026-11-20T09:00:00.000Z', points: 20, importedFromStrava: false }] });
    for (const secret of ['Secret tempo', 'Running', 'Imported from Strava', '2026-11-21', '37']) expect(tab.body).not.toContain(secret);

    const csv = await asAdmin(`/api/users/${jane.id}/export.csv`);
    expect(csv.statusCode).toBe(200);
    for (const secret of ['Secret tempo', 'Running', 'Imported from Strava', '2026-11-21', ',37']) expect(csv.body).not.toContain(secret);
    expect(csv.body).toContain('Workout,2026-11-20,Yoga,20,,20');

    // The workout is still the athlete's and still scores.
    expect((await imported(ctx.db, jane.id)).map((row) => row.source).sort()).toEqual(['fitbit', 'strava']);
    expect(await points(ctx.db, jane.id, 2026)).toBe(57);
  });
});
