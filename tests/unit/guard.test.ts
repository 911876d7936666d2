import { describe, expect, it } from 'vitest';
import { areaRedirect, areaViewers, entryPage, type Area, type Viewer } from '../../src/lib/guard';

const viewers: Viewer[] = ['guest', 'user', 'admin'];
const areas = Object.keys(areaViewers) as Area[];
const expectedEntry: Record<Viewer, string> = { guest: '/', user: '/employee/dashboard', admin: '/admin/dashboard' };

describe('areaRedirect: every (area, viewer) pair', () => {
  const allowed: Record<Area, Viewer[]> = { guest: ['guest'], employee: ['user'], admin: ['admin'], 'signed-in': ['user', 'admin'] };
  for (const area of areas) {
    for (const viewer of viewers) {
      const stays = allowed[area].includes(viewer);
      it(`${viewer} in ${area} -> ${stays ? 'stays' : expectedEntry[viewer]}`, () => {
        expect(areaRedirect(area, viewer)).toBe(stays ? null : expectedEntry[viewer]);
      });
    }
  }

  it('right after signup an employee is sent to the fitness services page instead', () => {
    expect(areaRedirect('guest', 'user', { afterSignUp: true })).toBe('/employee/fitness-services');
    expect(areaRedirect('admin', 'user', { afterSignUp: true })).toBe('/employee/fitness-services');
    expect(areaRedirect('employee', 'user', { afterSignUp: true })).toBeNull();
    expect(areaRedirect('employee', 'guest', { afterSignUp: true })).toBe('/');
  });
});

describe('entryPage', () => {
  it('is each role entry page of the route table', () => {
    expect(entryPage('guest')).toBe('/');
    expect(entryPage('admin')).toBe('/admin/dashboard');
    expect(entryPage('user')).toBe('/employee/dashboard');
    expect(entryPage('user', { afterSignUp: true })).toBe('/employee/fitness-services');
  });

  it('lies in an area its viewer may open, so a guard can never loop', () => {
    const areaOfEntry: Record<string, Area> = { '/': 'guest', '/admin/dashboard': 'admin', '/employee/dashboard': 'employee', '/employee/fitness-services': 'employee' };
    for (const viewer of viewers) {
      for (const afterSignUp of [false, true]) {
        const area = areaOfEntry[entryPage(viewer, { afterSignUp })];
        expect(area && areaRedirect(area, viewer, { afterSignUp })).toBeNull();
      }
    }
  });
});
