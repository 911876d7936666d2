import type { DbOrTx } from '../../db/client';
import { auditRepo, type AuditEntry } from '../audit/repo';
import { teamsRepo } from './repo';

export type Placement = { userId: number; teamId: number | null; day: string; at: Date; actor: AuditEntry['actor'] };

/**
 * Puts an employee in a team (or in none) from `day` (docs/product-rules.md#teams): the open
 * membership ends that day, so the days before it count for the old team and the day itself for
 * the new one; a membership begun that same day never counted and is replaced. The caller holds the
 * employee's write lock and has checked that the team is in play. Writes one audit entry when
 * anything changed; returns the new membership's first day (null: no team).
 */
export const placeInTeam = async (tx: DbOrTx, placement: Placement): Promise<string | null> => {
  const repo = teamsRepo(tx);
  const open = await repo.findOpenMembership(placement.userId);
  if ((open?.teamId ?? null) === placement.teamId) return open?.startsOn ?? null;
  const before = open ? await repo.findTeam(open.teamId) : null;
  const after = placement.teamId === null ? null : await repo.findTeam(placement.teamId);
  if (open) await repo.endMembership(open, placement.day);
  if (placement.teamId !== null) await repo.insertMembership(placement.userId, placement.teamId, placement.day);
  const audit = auditRepo(tx);
  await audit.audit({
    at: placement.at,
    actor: placement.actor,
    action: 'team.assign',
    subject: await audit.subjectOf(placement.userId),
    before: { team: before?.name ?? null },
    after: { team: after?.name ?? null, from: placement.day },
  });
  return placement.teamId === null ? null : placement.day;
};

/**
 * The team in play of that name (case ignored), created when there is none: the roster's `team`
 * column and the single-sign-on claim name teams rather than choose them.
 */
export const teamNamed = async (tx: DbOrTx, name: string, at: Date, actor: AuditEntry['actor']): Promise<number> => {
  const repo = teamsRepo(tx);
  const found = await repo.findTeamByName(name);
  if (found) return found.id;
  const created = await repo.insertTeam(name, at);
  await auditRepo(tx).audit({ at, actor, action: 'team.create', subject: null, after: { name: created.name } });
  return created.id;
};
