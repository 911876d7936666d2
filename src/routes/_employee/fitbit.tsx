import { createFileRoute } from '@tanstack/react-router';
import { PageShell } from '../../components/page-shell';
import { TrackerReturn, trackerReturnSearch } from '../../features/trackers';

/** Fitbit's return page after authorisation (docs/product-rules.md#trackers). */
export const Route = createFileRoute('/_employee/fitbit')({
  validateSearch: trackerReturnSearch,
  component: function FitbitReturn() {
    return (
      <PageShell title="Connecting Fitbit" size="sm">
        <TrackerReturn service="FITBIT" search={Route.useSearch()} />
      </PageShell>
    );
  },
});
