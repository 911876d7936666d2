import { Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { EventForm } from '../../../api/contract/activity';
import { FormAlert, useSchemaForm } from '../../../components/form';
import { useLogEvent } from '../api/use-log-event';

/** New event participation of one day: title and the top-three flag. */
export function EventParticipationForm({ day, onDone }: { day: string; onDone: () => void }) {
  const logEvent = useLogEvent();
  const { form, onSubmit, formErrors, errorOf, pending } = useSchemaForm({
    schema: EventForm,
    defaultValues: { name: '', isInTheTopThree: false },
    mutation: logEvent,
    toVariables: (values) => ({ ...values, date: day }),
    onSuccess: () => cancel(),
  });
  const { register } = form;
  const cancel = () => {
    form.reset();
    logEvent.reset();
    onDone();
  };

  return (
    <form
      noValidate
      aria-label="New event participation"
      onSubmit={onSubmit}
    >
      <Stack gap="sm">
        <TextInput label="Title" placeholder="e.g. City 10K" withAsterisk data-autofocus {...register('name')} error={errorOf('name')} />
        <Checkbox label="I finished in the top three of my age group" {...register('isInTheTopThree')} />
        <FormAlert messages={formErrors} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={cancel}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            Save event
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
