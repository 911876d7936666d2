import { createFileRoute } from '@tanstack/react-router';
import { guardArea } from './-area-guard';

/** Pathless layout: every route file under `_signed-in/` is guarded here (see lib/guard.ts). */
export const Route = createFileRoute('/_signed-in')({ beforeLoad: guardArea('signed-in') });
