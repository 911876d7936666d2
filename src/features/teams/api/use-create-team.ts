import { callApi } from '../../../api/call-api';
import { teamsEndpoints, type TeamBody } from '../../../api/contract/teams';
import { useApiMutation } from '../../../api/api-mutation';
import { teamsQueries } from './teams-queries';

export const useCreateTeam = () =>
  useApiMutation({
    call: (body: TeamBody) => callApi(teamsEndpoints.create, { body }),
    invalidates: teamsQueries.all(),
    toasts: { category: 'create', id: 'create-team', success: (team) => `Team ${team.name} created` },
  });
