import { callApi } from '../../../api/call-api';
import { teamsEndpoints } from '../../../api/contract/teams';
import { useApiMutation } from '../../../api/api-mutation';
import { teamsQueries } from './teams-queries';

/** Archiving ends the team's memberships today; its results stay. */
export const useArchiveTeam = () =>
  useApiMutation({
    call: (id: number) => callApi(teamsEndpoints.archive, { params: { id } }),
    invalidates: teamsQueries.all(),
    toasts: { category: 'update', id: (id) => `archive-team-${id}`, success: (team) => `Team ${team.name} archived` },
  });
