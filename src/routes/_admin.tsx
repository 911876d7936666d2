import { createFileRoute } from '@tanstack/react-router';
import { guardArea } from './-area-guard';

/** Pathless layout: every route file under `_admin/` is guarded here (see lib/guard.ts). */
export const Route = createFileRoute('/_admin')({ beforeLoad: guardArea('admin') });
