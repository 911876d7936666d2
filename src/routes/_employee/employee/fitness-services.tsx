import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { PagePending } from '../../../components/page-pending';
import { PageShell } from '../../../components/page-shell';
import { RouteLoadError } from '../../../components/route-load-error';
import { FitnessServicesConnector } from '../../../features/trackers';
import { trackerQueries } from '../../../features/trackers/api/tracker-queries';

/** The entry page right after signup: connect a tracker, or continue to the dashboard. */
export const Route = createFileRoute('/_employee/employee/fitness-services')({
  loader: async ({ context }) => {
    await Promise.all([context.queryClient.ensureQueryData(trackerQueries.config()), context.queryClient.ensureQueryData(trackerQueries.apis())]);
  },
  pendingComponent: () => <PagePending title="Fitness services" label="Loading fitness services" size="sm" />,
  errorComponent: (props) => <RouteLoadError {...props} title="Fitness services" what="the fitness services" size="sm" />,
  component: () => (
    <PageShell title="Fitness services" size="sm">
      <Stack gap="lg">
        <Text>Connect Strava or Fitbit and your workouts count for the challenge without typing them in. You can change this later in your profile.</Text>
        <FitnessServicesConnector withTitle={false} />
        <Group justify="flex-end">
          <Button component={Link} to="/employee/dashboard" rightSection={<IconArrowRight size={18} />}>
            Continue
          </Button>
        </Group>
      </Stack>
    </PageShell>
  ),
});
