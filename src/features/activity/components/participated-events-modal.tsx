import { ActionIcon, Button, Center, Group, Loader, Modal, Paper, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconCircleCheckFilled, IconFlag, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { EventParticipation } from '../../../api/contract/activity';
import { LoadError } from '../../../components/load-error';
import { activityQueries } from '../api/activity-queries';
import { useDeleteEvent } from '../api/use-delete-event';
import { useIsEditableDay } from '../dashboard-clock';
import { dayTitle } from '../month';
import { EventParticipationForm } from './event-form';

export const EVENTS_CLOSED_TOOLTIP = 'Time to add event participation is over';
export const DELETE_EVENT_QUESTION = 'Are you sure you want to delete this event participation?';

function EventRow({ event, editable }: { event: EventParticipation; editable: boolean }) {
  const deleteEvent = useDeleteEvent();
  const [confirming, setConfirming] = useState(false);
  if (confirming) {
    // A deliberate delete, like the activity's: the question, then Cancel or 'Yes, delete'.
    return (
      <Paper withBorder p="sm" radius="md" role="group" aria-label={`Delete ${event.name}?`}>
        <Stack gap="xs">
          <Text size="sm">{DELETE_EVENT_QUESTION}</Text>
          <Text size="sm" fw={600} truncate>
            {event.name}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="xs" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button color="red" size="xs" loading={deleteEvent.isPending} onClick={() => deleteEvent.mutate(event, { onSettled: () => setConfirming(false) })}>
              Yes, delete
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <ThemeIcon variant="light" radius="xl" size="md" aria-hidden>
            <IconFlag size={16} />
          </ThemeIcon>
          <Text fw={500} truncate>
            {event.name}
          </Text>
          {event.isInTheTopThree && (
            <Tooltip label="In the top three of the age group">
              <IconCircleCheckFilled size={20} color="var(--mantine-color-brand-7)" aria-label="In the top three" role="img" />
            </Tooltip>
          )}
        </Group>
        <Tooltip label="This action will cause to delete event!">
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Delete event ${event.name}`}
            data-disabled={!editable || undefined}
            aria-disabled={!editable}
            loading={deleteEvent.isPending}
            onClick={() => editable && setConfirming(true)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  );
}

/** 'Participated events' of one day: the list, deletion and 'Add new event participation'. */
export function ParticipatedEventsModal({ day, onClose }: { day: string | null; onClose: () => void }) {
  const isEditable = useIsEditableDay();
  const [adding, setAdding] = useState(false);
  const events = useQuery({ ...activityQueries.dayEvents(day ?? ''), enabled: day !== null });
  const editable = day !== null && isEditable(day);
  const close = () => {
    setAdding(false);
    onClose();
  };

  return (
    <Modal opened={day !== null} onClose={close} title="Participated events">
      {day && (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {dayTitle(day)}
          </Text>
          {events.isPending ? (
            <Center py="md">
              <Loader size="sm" aria-label="Loading events" />
            </Center>
          ) : events.isError ? (
            <LoadError what="the events of this day" error={events.error} onRetry={() => void events.refetch()} retrying={events.isFetching} />
          ) : events.data?.participatedEvents.length ? (
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Events of the day">
              {events.data.participatedEvents.map((event) => (
                <li key={event.id}>
                  <EventRow event={event} editable={editable} />
                </li>
              ))}
            </Stack>
          ) : (
            <Text c="dimmed" ta="center" py="sm">
              No event participation on this day yet.
            </Text>
          )}
          {adding ? (
            <EventParticipationForm day={day} onDone={() => setAdding(false)} />
          ) : (
            <Tooltip label={EVENTS_CLOSED_TOOLTIP} disabled={editable} openDelay={250}>
              {/* aria-disabled, not disabled: a disabled button gets no hover, and the reason must show. */}
              <Button leftSection={<IconFlag size={16} />} data-disabled={!editable || undefined} aria-disabled={!editable} onClick={() => editable && setAdding(true)}>
                Add new event participation
              </Button>
            </Tooltip>
          )}
        </Stack>
      )}
    </Modal>
  );
}
