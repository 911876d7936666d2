import { createFileRoute, Outlet } from '@tanstack/react-router';
import { ConfirmEmailBanner } from '../features/access';
import { guardArea } from './-area-guard';

/** Pathless layout: every route file under `_employee/` is guarded here (see lib/guard.ts). */
export const Route = createFileRoute('/_employee')({ beforeLoad: guardArea('employee'), component: EmployeeArea });

/** Until the address is confirmed, every employee page carries the banner. */
function EmployeeArea() {
  return (
    <>
      <ConfirmEmailBanner />
      <Outlet />
    </>
  );
}
