import { callApi } from '../../../api/call-api';
import { teamsEndpoints } from '../../../api/contract/teams';
import { useApiMutation } from '../../../api/api-mutation';
import { teamsQueries } from './teams-queries';

export const useRenameTeam = () =>
  useApiMutation({
    call: ({ id, name }: { id: number; name: string }) => callApi(teamsEndpoints.rename, { params: { id }, body: { name } }),
    invalidates: teamsQueries.all(),
    toasts: { category: 'update', id: ({ id }) => `rename-team-${id}`, success: (team) => `Team renamed to ${team.name}` },
  });
