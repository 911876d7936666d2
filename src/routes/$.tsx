import { createFileRoute } from '@tanstack/react-router';
import { toEntryPage } from './-area-guard';

/** Any path outside the route table: the viewer's entry page (a guest's is the login screen). */
export const Route = createFileRoute('/$')({ beforeLoad: toEntryPage });
