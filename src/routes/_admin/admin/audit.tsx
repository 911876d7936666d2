import { createFileRoute } from '@tanstack/react-router';
import { PagePending } from '../../../components/page-pending';
import { RouteLoadError } from '../../../components/route-load-error';
import { AuditScreen, AuditView, auditViewSearch } from '../../../features/audit';
import { auditQueries } from '../../../features/audit/api/audit-queries';
import { awaitUnlessStaying } from '../../-route-data';

/** Page, employee and action live in the URL (a link from elsewhere can open one employee's trail). */
export const Route = createFileRoute('/_admin/admin/audit')({
  validateSearch: (search: Record<string, unknown>) => auditViewSearch(AuditView.parse(search)),
  loaderDeps: ({ search }) => AuditView.parse(search),
  loader: ({ context, deps, cause }) => awaitUnlessStaying(cause, () => context.queryClient.ensureQueryData(auditQueries.list(deps))),
  pendingComponent: () => <PagePending title="Audit trail" label="Loading the audit trail" size="xl" />,
  errorComponent: (props) => <RouteLoadError {...props} title="Audit trail" what="the audit trail" size="xl" />,
  component: AdminAudit,
});

function AdminAudit() {
  const view = AuditView.parse(Route.useSearch());
  const navigate = Route.useNavigate();
  return <AuditScreen view={view} onViewChange={(next) => void navigate({ search: auditViewSearch({ ...view, ...next }) })} />;
}
