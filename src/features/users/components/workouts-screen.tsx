import { Button, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { IconArrowLeft, IconAward, IconCalendarEvent, IconRun } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { usersEndpoints } from '../../../api/contract/users';
import { downloadFile } from '../../../api/download';
import { DownloadButton } from '../../../components/download-button';
import { PageShell } from '../../../components/page-shell';
import { adminUsersQueries } from '../api/admin-users-queries';
import { fullName } from './labels';
import { AchievementsList, ActivitiesList, EventsList } from './workout-lists';

type Tab = 'activities' | 'achievements' | 'events';

/** Whose workouts these are: name, e-mail and level, above the tabs (the route's loader brought them). */
function UserHeading({ userId }: { userId: number }) {
  const user = useSuspenseQuery(adminUsersQueries.detail(userId));
  return (
    <Group gap="xs" wrap="wrap">
      <Text fw={600} size="lg">
        {fullName(user.data)}
      </Text>
      <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {user.data.email} · {user.data.levelOfCompetition}
      </Text>
    </Group>
  );
}

/** /admin/users/:id/workouts: tabs Activities, Achievements, Events participation, each paged on its own. */
export function WorkoutsScreen({ userId }: { userId: number }) {
  const [tab, setTab] = useState<Tab>('activities');
  const [pages, setPages] = useState<Record<Tab, number>>({ activities: 1, achievements: 1, events: 1 });
  const pageProps = (name: Tab) => ({
    userId,
    page: pages[name],
    onPageChange: (page: number) => setPages((current) => ({ ...current, [name]: page })),
  });

  return (
    <PageShell title="Workouts" size="xl" actions={<DownloadButton download={() => downloadFile(usersEndpoints.exportUser, { params: { id: userId } })} />}>
      <Stack gap="xs">
        <Button
          renderRoot={(props) => <Link to="/admin/dashboard" {...props} />}
          variant="subtle"
          color="gray"
          size="compact-sm"
          w="fit-content"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          Back to users
        </Button>
        <UserHeading userId={userId} />
      </Stack>
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        <Tabs value={tab} onChange={(value) => value && setTab(value as Tab)} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="activities" leftSection={<IconRun size={16} />}>
              Activities
            </Tabs.Tab>
            <Tabs.Tab value="achievements" leftSection={<IconAward size={16} />}>
              Achievements
            </Tabs.Tab>
            <Tabs.Tab value="events" leftSection={<IconCalendarEvent size={16} />}>
              Events participation
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="activities" pt="md">
            <ActivitiesList {...pageProps('activities')} />
          </Tabs.Panel>
          <Tabs.Panel value="achievements" pt="md">
            <AchievementsList {...pageProps('achievements')} />
          </Tabs.Panel>
          <Tabs.Panel value="events" pt="md">
            <EventsList {...pageProps('events')} />
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </PageShell>
  );
}
