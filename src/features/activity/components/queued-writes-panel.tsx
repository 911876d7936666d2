import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { OTHER_ACTIVITY } from '../../../api/contract/activity';
import { discardQueuedWrite, type QueuedWrite } from '../../../api/offline/queued-writes';
import type { DeleteActivityVars, DeleteEventVars, LogActivityVars, LogEventVars, ToggleStepsVars, UpdateActivityVars } from '../api/activity-writes';
import { dayTitle } from '../month';
import { useIsOnline } from '../../../api/offline/online-status';
import { formValuesOfWrite } from '../queued-form-values';

import { QUEUED_WRITES_HEADING_ID } from './queued-writes-heading';

/** What the write does, in words. */
export const describeWrite = (write: QueuedWrite) => {
  const day = (value: string) => dayTitle(value.slice(0, 10));
  switch (write.kind) {
    case 'activity.log': {
      const { body } = write.variables as LogActivityVars;
      return `New activity: ${body.name === OTHER_ACTIVITY ? body.otherName : body.name}, ${body.movingTime} min, ${day(body.startTime)}`;
    }
    case 'activity.update': {
      const { body, activity } = write.variables as UpdateActivityVars;
      return `Change to ${activity.title}: ${body.name === OTHER_ACTIVITY ? body.otherName : body.name}, ${body.movingTime} min, ${day(activity.startDate)}`;
    }
    case 'activity.delete': {
      const { activity } = write.variables as DeleteActivityVars;
      return `Delete ${activity.title}, ${activity.movingTime} min, ${day(activity.startDate)}`;
    }
    case 'steps.toggle': {
      const { date, achieved } = write.variables as ToggleStepsVars;
      return `${achieved ? 'Remove the 10,000 steps mark' : '10,000 steps'} on ${day(date)}`;
    }
    case 'event.log': {
      const { body } = write.variables as LogEventVars;
      return `Event participation: ${body.name}, ${day(String(body.date))}`;
    }
    case 'event.delete': {
      const { event } = write.variables as DeleteEventVars;
      return `Delete event participation: ${event.name}, ${day(event.date)}`;
    }
    default:
      return 'A change';
  }
};

type Props = {
  writes: QueuedWrite[];
  /** Opens the activity form with the refused write's values. */
  onEdit: (write: QueuedWrite) => void;
};

/**
 * Changes made on this device and not yet on the server (docs/product-rules.md#offline-logging):
 * each says whether it waits for the connection or was refused, with the server's reason and what
 * to do (Edit, Discard). Nothing is dropped without the person deciding it.
 */
export function QueuedWritesPanel({ writes, onEdit }: Props) {
  const queryClient = useQueryClient();
  const online = useIsOnline();
  if (writes.length === 0) return null;
  const refused = writes.filter((write) => write.status === 'refused').length;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={QUEUED_WRITES_HEADING_ID}>
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconCloudUpload size={20} aria-hidden />
          <Text fw={600} id={QUEUED_WRITES_HEADING_ID} tabIndex={-1}>
            {refused > 0 ? 'Changes not saved' : 'Waiting to be sent'}
          </Text>
        </Group>
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {writes.map((write) => (
            <li key={write.id}>
              {write.status === 'refused' ? (
                <Alert color="red" variant="light" p="xs" title={`Not saved: ${describeWrite(write)}`}>
                  <Stack gap={6}>
                    <Text size="sm">{write.message}</Text>
                    <Text size="sm">
                      {formValuesOfWrite(write) ? 'Edit it (for example on a day that is still open) or discard it.' : 'Discard it: the server keeps what it has.'}
                    </Text>
                    <Group gap="xs">
                      {formValuesOfWrite(write) && (
                        <Button size="xs" variant="default" onClick={() => onEdit(write)}>
                          Edit
                        </Button>
                      )}
                      <Button size="xs" color="red" variant="light" onClick={() => discardQueuedWrite(queryClient, write.id)}>
                        Discard
                      </Button>
                    </Group>
                  </Stack>
                </Alert>
              ) : (
                <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                  <Text size="sm" style={{ minWidth: 0, flex: 1 }}>
                    <Text span fw={700} size="sm">
                      Pending:{' '}
                    </Text>
                    {describeWrite(write)}
                  </Text>
                  <Button size="xs" variant="subtle" color="red" style={{ flex: 'none' }} onClick={() => discardQueuedWrite(queryClient, write.id)} aria-label={`Discard: ${describeWrite(write)}`}>
                    Discard
                  </Button>
                </Group>
              )}
            </li>
          ))}
        </Stack>
        {refused === 0 && (
          <Text size="sm" c="dimmed">
            {/* Online, a write listed here is being tried again after a failed try (a server error), not waiting for the connection. */}
            {online ? 'The server did not answer: they are being sent again, in this order.' : 'They are sent in this order when you are back online.'}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
