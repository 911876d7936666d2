import { createFileRoute } from '@tanstack/react-router';
import { PageShell } from '../../components/page-shell';
import { TrackerReturn, trackerReturnSearch } from '../../features/trackers';

/** Polar's return page after authorisation (docs/product-rules.md#trackers). */
export const Route = createFileRoute('/_employee/polar')({
  validateSearch: trackerReturnSearch,
  component: function PolarReturn() {
    return (
      <PageShell title="Connecting Polar" size="sm">
        <TrackerReturn service="POLAR" search={Route.useSearch()} />
      </PageShell>
    );
  },
});
