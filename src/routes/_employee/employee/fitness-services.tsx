import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { PageShell } from '../../../components/page-shell';
import { FitnessServicesConnector, trackerQueries } from '../../../features/trackers';

/** The entry page right after signup: connect a tracker, or continue to the dashboard. */
export const Route = createFileRoute('/_employee/employee/fitness-services')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(trackerQueries.config());
    void context.queryClient.prefetchQuery(trackerQueries.apis());
  },
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
