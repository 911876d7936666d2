import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../src/api/query-client';
import { createAppRouter } from '../../../src/router';
import { signInThroughMocks } from '../render-app';

type Viewer = 'guest' | 'user' | 'admin';

/** Every route of product rules: Screens and navigation, with who may stay; everyone else lands on their entry page. */
const routeTable: Array<{ path: string; allowed: Viewer[] }> = [
  { path: '/', allowed: ['guest'] },
  { path: '/signup', allowed: ['guest'] },
  { path: '/reset-password', allowed: ['guest'] },
  { path: '/confirm-email', allowed: ['guest', 'user', 'admin'] },
  { path: '/leaderboard', allowed: ['admin', 'user'] },
  { path: '/strava', allowed: ['user'] },
  { path: '/fitbit', allowed: ['user'] },
  { path: '/employee/dashboard', allowed: ['user'] },
  { path: '/employee/fitness-services', allowed: ['user'] },
  { path: '/employee/activity-feed', allowed: ['user'] },
  { path: '/employee/profile', allowed: ['user'] },
  { path: '/admin/dashboard', allowed: ['admin'] },
  { path: '/admin/users/7/workouts', allowed: ['admin'] },
  { path: '/admin/leaders', allowed: ['admin'] },
  { path: '/admin/audit', allowed: ['admin'] },
  { path: '/admin/trackers', allowed: ['admin'] },
  { path: '/admin/invitations', allowed: ['admin'] },
];
const entry: Record<Viewer, string> = { guest: '/', user: '/employee/dashboard', admin: '/admin/dashboard' };
/** Paths outside the table: the viewer's entry page, never a blank screen. */
const outside: Array<[Viewer, string]> = [
  ['guest', '/nowhere'],
  ['user', '/nowhere'],
  ['admin', '/nowhere'],
  ['user', '/employee'],
  ['user', '/employee/unknown'],
  ['admin', '/admin'],
  ['admin', '/admin/users'],
];

/** Where the real route tree (layouts, guards, catch-all) leaves `viewer` who opened `path`. */
const landing = async (viewer: Viewer, path: string) => {
  if (viewer !== 'guest') await signInThroughMocks(viewer);
  const router = createAppRouter({ queryClient: createQueryClient(), history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  return router.state.location.pathname;
};

describe('the route table on the real route tree (pathless layouts guard their subtrees)', () => {
  for (const viewer of ['guest', 'user', 'admin'] as const) {
    it(`${viewer}: stays where allowed, else lands on ${entry[viewer]}`, async () => {
      for (const { path, allowed } of routeTable) {
        expect({ path, at: await landing(viewer, path) }).toEqual({ path, at: allowed.includes(viewer) ? path : entry[viewer] });
      }
    });
  }

  it('sends every path outside the table to the viewer entry page', async () => {
    for (const [viewer, path] of outside) {
      expect({ viewer, path, at: await landing(viewer, path) }).toEqual({ viewer, path, at: entry[viewer] });
    }
  });

  it('lets a guest stay on an allowed route written with a trailing slash', async () => {
    expect(await landing('guest', '/signup/')).toMatch(/^\/signup\/?$/);
  });

  it('lets an employee stay on an allowed route written with a trailing slash', async () => {
    expect(await landing('user', '/employee/dashboard/')).toMatch(/^\/employee\/dashboard\/?$/);
  });
});
