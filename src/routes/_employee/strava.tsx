import { createFileRoute } from '@tanstack/react-router';
import { PageShell } from '../../components/page-shell';
import { TrackerReturn, trackerReturnSearch } from '../../features/trackers';

/** Strava's return page after authorisation (docs/product-rules.md#trackers). */
export const Route = createFileRoute('/_employee/strava')({
  validateSearch: trackerReturnSearch,
  component: function StravaReturn() {
    return (
      <PageShell title="Connecting Strava" size="sm">
        <TrackerReturn service="STRAVA" search={Route.useSearch()} />
      </PageShell>
    );
  },
});
