/**
 * The participation view's merging of small groups (docs/product-rules.md#teams); the
 * leaderboard's averages and order are the database's (server/modules/teams/repo.ts).
 */

const byName = (a: { name: string; teamId: number }, b: { name: string; teamId: number }) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.teamId - b.teamId;

export const OTHER_TEAMS = 'Other teams';

export type GroupCount = { teamId: number; name: string; members: number; activeMembers: number };
export type ParticipationGroup = { team: string; teamId: number | null; members: number; activeMembers: number | null; share: number | null };

const shareOf = (active: number, members: number) => Math.round((active / members) * 1000) / 1000;

/**
 * Teams with at least `minimum` members, by name, then 'Other teams': every smaller team merged.
 * 'Other teams' is left out when no team was merged, and its figures are withheld (null) while the
 * merged group itself has fewer than `minimum` members, so no small group can be singled out.
 */
export const mergeSmallGroups = (groups: readonly GroupCount[], minimum: number): ParticipationGroup[] => {
  const large = groups.filter((group) => group.members >= minimum).sort(byName);
  const small = groups.filter((group) => group.members > 0 && group.members < minimum);
  const rows: ParticipationGroup[] = large.map((group) => ({ team: group.name, teamId: group.teamId, members: group.members, activeMembers: group.activeMembers, share: shareOf(group.activeMembers, group.members) }));
  if (small.length > 0) {
    const members = small.reduce((sum, group) => sum + group.members, 0);
    const active = small.reduce((sum, group) => sum + group.activeMembers, 0);
    rows.push(members >= minimum ? { team: OTHER_TEAMS, teamId: null, members, activeMembers: active, share: shareOf(active, members) } : { team: OTHER_TEAMS, teamId: null, members, activeMembers: null, share: null });
  }
  return rows;
};
