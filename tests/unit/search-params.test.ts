import { describe, expect, it } from 'vitest';
import { AuditView } from '../../src/features/audit/audit-view';
import { LeadersView } from '../../src/features/leaders/leaders-view';
import { UsersView } from '../../src/features/users/users-view';

/** The URL readers of the admin screens (plain functions on the first load, not zod): unreadable parts fall back. */
describe('URL state readers', () => {
  it('reads a full users view and falls back to the defaults', () => {
    expect(UsersView.parse({ page: 2, search: ' mar ', level: 'Elite', sort: 'email', order: 'desc' })).toEqual({ page: 2, search: 'mar', level: 'Elite', sort: 'email', order: 'desc' });
    expect(UsersView.parse({})).toEqual({ page: 1, search: undefined, level: undefined, sort: 'lastName', order: 'asc' });
  });

  it.each([0, -1, 1.5, '2x', '', 100_001, null, {}, true])('a page of %j is page 1', (page) => {
    expect(UsersView.parse({ page }).page).toBe(1);
    expect(LeadersView.parse({ page }).page).toBe(1);
    expect(AuditView.parse({ page }).page).toBe(1);
  });

  it('accepts a page sent as digits', () => {
    expect(LeadersView.parse({ page: '3' }).page).toBe(3);
  });

  it('drops unknown choices, overlong searches, years out of range and non-text searches', () => {
    expect(UsersView.parse({ level: 'Expert', sort: 'password', order: 'up' })).toMatchObject({ level: undefined, sort: 'lastName', order: 'asc' });
    expect(LeadersView.parse({ search: 'x'.repeat(101), year: 2021 })).toMatchObject({ search: undefined, year: undefined });
    expect(LeadersView.parse({ search: 42, year: '2024' })).toMatchObject({ search: undefined, year: 2024 });
    expect(AuditView.parse({ subjectId: 0, action: 'user.drop' })).toEqual({ page: 1, subjectId: undefined, action: undefined });
    expect(AuditView.parse({ subjectId: '7', action: 'user.delete' })).toEqual({ page: 1, subjectId: 7, action: 'user.delete' });
  });
});
