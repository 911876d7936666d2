import { createFileRoute } from '@tanstack/react-router';
import { PagePending } from '../../../components/page-pending';
import { RouteLoadError } from '../../../components/route-load-error';
import { ManageTeamsScreen } from '../../../features/teams';
import { teamsQueries } from '../../../features/teams/api/teams-queries';

export const Route = createFileRoute('/_admin/admin/teams')({
  loader: ({ context }) => context.queryClient.ensureQueryData(teamsQueries.adminList()),
  pendingComponent: () => <PagePending title="Manage teams" label="Loading teams" size="lg" />,
  errorComponent: (props) => <RouteLoadError {...props} title="Manage teams" what="the teams" size="lg" />,
  component: ManageTeamsScreen,
});
