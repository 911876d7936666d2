import { z } from 'zod';
import { levels, type LevelOfCompetition } from '@/contract/common';
import * as field from '@/contract/fields';
import type { RosterCounts, RosterInvitee, RosterProblem, RosterRowStatus } from '@/contract/invitations';
import type { RosterCell } from './roster-csv';
import { teamName } from '@/contract/teams';

/** One roster row checked: a clean invitee, or why it is left out (docs/access.md). */
export type PlannedRow = { line: number; email: string; status: RosterRowStatus; messages: string[]; invitee?: { email: string; firstName: string; lastName: string; levelOfCompetition: LevelOfCompetition; team: string | null } };

/** What is already there for an address: an account, or an invitation in some state. */
export type KnownAddress = 'account' | 'invited' | 'revoked' | 'renewable';

const RosterRow = z.object({ email: field.inviteeEmail, firstName: field.inviteeFirstName, lastName: field.inviteeLastName, team: z.union([z.literal(''), teamName]) });
const levelOf = (raw: string): LevelOfCompetition | null => (raw === '' ? 'Beginner' : (levels.find((level) => level.toLowerCase() === raw.toLowerCase()) ?? null));

const MESSAGES: Record<Exclude<RosterRowStatus, 'new' | 'error'>, string> = {
  invited: 'Already invited (the invitation is still open)',
  account: 'An account with this email already exists',
  revoked: 'The invitation of this address was revoked; invite the person on their own to send a new one',
  duplicate: 'This address appears earlier in the file',
};

/** Checks every row, then sorts each valid one by what the database knows (`known`, by lower-case e-mail). */
export const planRoster = (cells: RosterCell[], known: (email: string) => KnownAddress | undefined) => {
  const seen = new Set<string>();
  const rows: PlannedRow[] = cells.map((cell) => {
    const parsed = RosterRow.safeParse(cell);
    const level = levelOf(cell.levelOfCompetition);
    const messages = parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    if (!level) messages.push(`Level must be one of ${levels.join(', ')}`);
    if (!parsed.success || !level) return { line: cell.line, email: cell.email, status: 'error', messages };
    const email = parsed.data.email;
    if (seen.has(email)) return { line: cell.line, email, status: 'duplicate', messages: [MESSAGES.duplicate] };
    seen.add(email);
    const state = known(email);
    if (state && state !== 'renewable') return { line: cell.line, email, status: state, messages: [MESSAGES[state]] };
    return { line: cell.line, email, status: 'new', messages: [], invitee: { ...parsed.data, team: parsed.data.team || null, levelOfCompetition: level } };
  });
  const counts = { total: rows.length, new: 0, invited: 0, account: 0, revoked: 0, duplicate: 0, error: 0 } as RosterCounts;
  for (const row of rows) counts[row.status] += 1;
  const problems: RosterProblem[] = rows.filter((row) => row.status !== 'new').map(({ line, email, status, messages }) => ({ line, email, status, messages }));
  const invitees: RosterInvitee[] = rows.flatMap(({ line, invitee }) => (invitee ? [{ line, ...invitee }] : []));
  return { rows, counts, problems, invitees };
};
