import { describe, expect, it } from 'vitest';
import { entryPage, resolveRoute, type Viewer } from '../../src/lib/guard';

/** Every route of SPEC section 2, with who may stay; everyone else is sent to their entry page. */
const routeTable: Array<{ path: string; allowed: Viewer[] }> = [
  { path: '/', allowed: ['guest'] },
  { path: '/signup', allowed: ['guest'] },
  { path: '/reset-password', allowed: ['guest'] },
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
  { path: '/admin/overview', allowed: ['admin'] },
];

const viewers: Viewer[] = ['guest', 'user', 'admin'];
const expectedRedirect: Record<Viewer, string> = { guest: '/', user: '/employee/dashboard', admin: '/admin/dashboard' };

describe('resolveRoute: every (role, route) pair of the route table', () => {
  for (const { path, allowed } of routeTable) {
    for (const viewer of viewers) {
      const stays = allowed.includes(viewer);
      it(`${viewer} on ${path} -> ${stays ? 'stays' : expectedRedirect[viewer]}`, () => {
        expect(resolveRoute(viewer, path)).toBe(stays ? null : expectedRedirect[viewer]);
      });
    }
  }
});

describe('resolveRoute right after signup (afterSignUp)', () => {
  for (const { path, allowed } of routeTable) {
    const stays = allowed.includes('user');
    it(`user on ${path} -> ${stays ? 'stays' : '/employee/fitness-services'}`, () => {
      expect(resolveRoute('user', path, { afterSignUp: true })).toBe(stays ? null : '/employee/fitness-services');
    });
  }

  it('does not change where admins and guests go', () => {
    expect(resolveRoute('admin', '/', { afterSignUp: true })).toBe('/admin/dashboard');
    expect(resolveRoute('guest', '/employee/dashboard', { afterSignUp: true })).toBe('/');
  });
});

describe('resolveRoute on paths outside the table', () => {
  it.each([
    ['guest', '/nowhere', '/'],
    ['user', '/nowhere', '/employee/dashboard'],
    ['admin', '/nowhere', '/admin/dashboard'],
    ['user', '/employee', '/employee/dashboard'],
    ['user', '/employee/unknown', '/employee/dashboard'],
    ['admin', '/admin', '/admin/dashboard'],
    ['admin', '/admin/users', '/admin/dashboard'],
    ['admin', '/admin/users//workouts', '/admin/dashboard'],
    ['admin', '/employee/dashboard', '/admin/dashboard'],
    ['user', '/admin/users/7/workouts', '/employee/dashboard'],
  ] as const)('%s on %s -> %s', (viewer, path, target) => {
    expect(resolveRoute(viewer, path)).toBe(target);
  });

  it('ignores a trailing slash', () => {
    expect(resolveRoute('user', '/employee/dashboard/')).toBeNull();
    expect(resolveRoute('guest', '/signup/')).toBeNull();
    expect(resolveRoute('admin', '/admin/leaders/')).toBeNull();
  });
});

describe('entryPage', () => {
  it('is each role entry page of the route table', () => {
    expect(entryPage('guest')).toBe('/');
    expect(entryPage('admin')).toBe('/admin/dashboard');
    expect(entryPage('user')).toBe('/employee/dashboard');
    expect(entryPage('user', { afterSignUp: true })).toBe('/employee/fitness-services');
  });

  it('is never itself redirected, so a guard can never loop', () => {
    for (const viewer of viewers) {
      for (const afterSignUp of [false, true]) {
        expect(resolveRoute(viewer, entryPage(viewer, { afterSignUp }), { afterSignUp })).toBeNull();
      }
    }
  });
});
