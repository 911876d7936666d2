import { ActionIcon, Button, Group, Modal, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import type { CalendarActivity } from '../queued-overlay';
import { queuedLabel } from './queued-label';
import { dayTitle } from '../month';
import { sourceLabel } from '../source-label';
import { EventsIcon, StepsStar } from './day-markers';

type Props = {
  day: string | null;
  activities: CalendarActivity[];
  achieved: boolean;
  hasEvents: boolean;
  editable: boolean;
  starPending: boolean;
  onClose: () => void;
  onEdit: (activity: CalendarActivity) => void;
  onAdd: (day: string) => void;
  onToggleSteps: (day: string, achieved: boolean) => void;
  onOpenEvents: (day: string) => void;
};

/** 'Activities list' of one day ('Show more', and the day sheet on phones): every action of the day. */
export function ActivitiesListModal(props: Props) {
  const { day, activities, achieved, hasEvents, editable, starPending, onClose, onEdit, onAdd, onToggleSteps, onOpenEvents } = props;
  return (
    <Modal opened={day !== null} onClose={onClose} title="Activities list">
      {day && (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {dayTitle(day)}
          </Text>
          {/* With their words: on a phone this sheet is the only way to them, and touch shows no tooltips. */}
          <Group gap="xs">
            <StepsStar day={day} achieved={achieved} editable={editable} pending={starPending} withText onToggle={() => onToggleSteps(day, achieved)} />
            <EventsIcon day={day} hasEvents={hasEvents} withText onOpen={() => onOpenEvents(day)} />
          </Group>
          {activities.length === 0 ? (
            <Text c="dimmed" ta="center" py="sm">
              No activities on this day yet.
            </Text>
          ) : (
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Activities of the day">
              {activities.map((activity) => (
                <li key={activity.id}>
                  <Paper withBorder p="sm" radius="md">
                    <Group justify="space-between" wrap="nowrap">
                      <div style={{ minWidth: 0 }}>
                        <Text fw={500} truncate>
                          {activity.title}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {activity.movingTime} min
                          {activity.source !== 'manual' && ` · ${sourceLabel(activity)}`}
                          {activity.queued && ` · ${queuedLabel(activity.queued)}`}
                        </Text>
                      </div>
                      <Tooltip label={editable ? 'Edit activity' : 'View activity'}>
                        <ActionIcon variant="subtle" size="lg" aria-label={`Edit ${activity.title}`} onClick={() => onEdit(activity)}>
                          <IconPencil size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Paper>
                </li>
              ))}
            </Stack>
          )}
          <Button leftSection={<IconPlus size={16} />} disabled={!editable} onClick={() => onAdd(day)}>
            Add new activity
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
