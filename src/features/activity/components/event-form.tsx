import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { EventForm } from '../../../api/contract/activity';
import { useLogEvent } from '../api/use-log-event';
import { showServerErrorsOnFields } from '../../../api/form-errors';

type EventFormInput = z.input<typeof EventForm>;

/** New event participation of one day: title and the top-three flag. */
export function EventParticipationForm({ day, onDone }: { day: string; onDone: () => void }) {
  const logEvent = useLogEvent();
  const { register, handleSubmit, setError, reset, formState } = useForm<EventFormInput, unknown, z.output<typeof EventForm>>({
    resolver: zodResolver(EventForm),
    defaultValues: { name: '', isInTheTopThree: false },
  });
  const cancel = () => {
    reset();
    logEvent.reset();
    onDone();
  };

  return (
    <form
      noValidate
      aria-label="New event participation"
      onSubmit={handleSubmit((values) =>
        logEvent.mutate(
          { ...values, date: day },
          {
            onSuccess: () => cancel(),
            onError: (error) => showServerErrorsOnFields(error, setError, ['name', 'isInTheTopThree']),
          },
        ),
      )}
    >
      <Stack gap="sm">
        <TextInput label="Title" placeholder="e.g. City 10K" withAsterisk data-autofocus {...register('name')} error={formState.errors.name?.message} />
        <Checkbox label="I finished in the top three of my age group" {...register('isInTheTopThree')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={cancel}>
            Cancel
          </Button>
          <Button type="submit" loading={logEvent.isPending}>
            Save event
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
