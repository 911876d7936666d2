import { createFileRoute } from '@tanstack/react-router';
import { AuditScreen, AuditView, auditViewSearch } from '../../../features/audit';

/** Page, employee and action live in the URL (a link from elsewhere can open one employee's trail). */
export const Route = createFileRoute('/_admin/admin/audit')({
  validateSearch: (search: Record<string, unknown>) => auditViewSearch(AuditView.parse(search)),
  component: AdminAudit,
});

function AdminAudit() {
  const view = AuditView.parse(Route.useSearch());
  const navigate = Route.useNavigate();
  return <AuditScreen view={view} onViewChange={(next) => void navigate({ search: auditViewSearch({ ...view, ...next }) })} />;
}
