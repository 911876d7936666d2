import { createFileRoute } from '@tanstack/react-router';
import { PageShell } from '../../components/page-shell';
import { TrackerReturn, trackerReturnSearch } from '../../features/trackers';

/** Fitbit's return page after authorisation (SPEC 2, 7). */
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
