import { Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useSession } from '../../../api/session';
import { PageShell } from '../../../components/page-shell';
import { ProgressSection } from '../../../features/insights';
import { profileQueries, ProfileScreen } from '../../../features/profile';
import { FitnessServicesConnector, trackerQueries } from '../../../features/trackers';

/** Profile form, the fitness service connector (SPEC 2) and the progress charts (issue 13). */
export const Route = createFileRoute('/_employee/employee/profile')({
  loader: ({ context }) => {
    const userId = context.auth.session()?.user.id;
    if (userId) void context.queryClient.prefetchQuery(profileQueries.detail(userId));
    void context.queryClient.prefetchQuery(trackerQueries.config());
    void context.queryClient.prefetchQuery(trackerQueries.apis());
  },
  component: function ProfilePage() {
    const session = useSession();
    return (
      <PageShell title="Profile" size="md">
        <Stack gap="xl">
          {session && <ProfileScreen userId={session.user.id} />}
          <FitnessServicesConnector />
          <ProgressSection />
        </Stack>
      </PageShell>
    );
  },
});
