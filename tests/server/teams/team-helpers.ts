import type { createTestApp } from '../helpers/test-app';
import { addUser, authHeader } from '../helpers/competition-seed';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** An admin who manages teams through the API, as the product does, on the test's movable clock. */
export const teamAdmin = async ({ app, db, config, clock }: TestApp) => {
  const admin = await addUser(db, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  const headers = async () => authHeader(db, admin, config, clock.now());
  const create = async (name: string) => {
    const response = await app.inject({ method: 'POST', url: '/api/team-admin/teams', headers: await headers(), payload: { name } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; name: string };
  };
  /** Puts the employee in the team (null: none) on the day `at` (ISO instant), then the clock goes back. */
  const assign = async (email: string, teamId: number | null, at?: string) => {
    const before = clock.now().toISOString();
    if (at) clock.set(at);
    const response = await app.inject({ method: 'PUT', url: '/api/team-admin/membership', headers: await headers(), payload: { email, teamId } });
    clock.set(before);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { userId: number; teamId: number | null; startsOn: string | null };
  };
  return { admin, headers, create, assign };
};
