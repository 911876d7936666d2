import { callApi } from '../../../api/call-api';
import { teamsEndpoints, type MembershipBody } from '../../../api/contract/teams';
import { useApiMutation } from '../../../api/api-mutation';
import { teamsQueries } from './teams-queries';

/** Puts an employee in a team from today (or in none). */
export const useAssignTeam = () =>
  useApiMutation({
    call: (body: MembershipBody) => callApi(teamsEndpoints.assign, { body }),
    invalidates: teamsQueries.all(),
    toasts: { category: 'update', id: 'assign-team', success: (membership) => (membership.teamId === null ? 'The employee is in no team now' : 'The employee is in the team from today') },
  });
