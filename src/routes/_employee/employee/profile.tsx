import { Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useSession } from '../../../api/session';
import { PagePending } from '../../../components/page-pending';
import { PageShell } from '../../../components/page-shell';
import { RouteLoadError } from '../../../components/route-load-error';
import { currentCompetitionYear } from '@/domain/competition';
import { PendingEmailNote } from '../../../features/access';
import { ProgressSection } from '../../../features/insights';
import { insightsQueries } from '../../../features/insights/api/insights-queries';
import { PrivacySection } from '../../../features/privacy';
import { privacyQueries } from '../../../features/privacy/api/privacy-queries';
import { ProfileScreen } from '../../../features/profile';
import { profileQueries } from '../../../features/profile/api/profile-queries';
import { FitnessServicesConnector } from '../../../features/trackers';
import { PhoneAppsSection } from '../../../features/phone-apps';
import { importTokenQueries } from '../../../features/phone-apps/api/import-token-queries';
import { trackerQueries } from '../../../features/trackers/api/tracker-queries';

/** Profile form, the fitness service connector (docs/product-rules.md#trackers), 'Connect a phone app' (docs/trackers.md#phone-apps), the progress charts (docs/product-rules.md#progress-charts-and-overview) and the privacy self-service (docs/access.md#privacy-self-service). */
export const Route = createFileRoute('/_employee/employee/profile')({
  // `?deleteAccount=confirmed`: back from 'Confirm with <label>' (the SSO callback page), the deletion dialog opens again.
  validateSearch: (search: Record<string, unknown>): { deleteAccount?: 'confirmed' } => (search.deleteAccount === 'confirmed' ? { deleteAccount: 'confirmed' } : {}),
  loader: async ({ context }) => {
    const { queryClient, auth, clock } = context;
    // The charts load on their own (their section shows its own placeholder and error); the form and the services wait.
    void queryClient.prefetchQuery(insightsQueries.progress(currentCompetitionYear(clock.now())));
    void queryClient.prefetchQuery(privacyQueries.export());
    const userId = auth.session()?.user.id;
    await Promise.all([
      userId ? queryClient.ensureQueryData(profileQueries.detail(userId)) : undefined,
      queryClient.ensureQueryData(trackerQueries.config()),
      queryClient.ensureQueryData(trackerQueries.apis()),
      queryClient.ensureQueryData(importTokenQueries.list()),
    ]);
  },
  pendingComponent: () => <PagePending title="Profile" label="Loading your profile" size="md" />,
  errorComponent: (props) => <RouteLoadError {...props} title="Profile" what="your profile" size="md" />,
  component: function ProfilePage() {
    const session = useSession();
    const { deleteAccount } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <PageShell title="Profile" size="md">
        <Stack gap="xl">
          {session && <ProfileScreen userId={session.user.id} emailNote={(currentEmail) => <PendingEmailNote userId={session.user.id} currentEmail={currentEmail} />} />}
          <FitnessServicesConnector />
          <PhoneAppsSection />
          <ProgressSection />
          <PrivacySection reauthenticated={deleteAccount === 'confirmed'} onDeletionClosed={() => void navigate({ search: {}, replace: true })} />
        </Stack>
      </PageShell>
    );
  },
});
