import { Group, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { ActivityForm, MOVING_TIME_MAX, MOVING_TIME_MIN, OTHER_ACTIVITY, activityTypes } from '../../../api/contract/activity';
import { FormAlert, selectOnFocus, useSchemaForm, type SubmitMutation } from '../../../components/form';

export type ActivityFormInput = z.input<typeof ActivityForm>;
export type ActivityFormValues = z.output<typeof ActivityForm>;

/** docs/product-rules.md#forms-and-validation-messages: name empty, otherName empty, startTime empty, movingTime 1. */
export const emptyActivityForm: ActivityFormInput = { name: '', otherName: '', startTime: '', movingTime: 1 };

const typeOptions = activityTypes.map((type) => ({ value: type, label: type }));

type Props<TVars> = {
  defaultValues?: ActivityFormInput;
  disabled?: boolean;
  /** Log or update: its refusal lands on the fields. */
  mutation: SubmitMutation<TVars, unknown>;
  toVariables: (values: ActivityFormValues) => TVars;
  onSuccess: () => void;
  /** The buttons (submit is `type="submit"` with `form={formId}`). */
  actions: ReactNode;
  formId: string;
};

/** Title from the activity types (Other asks for its own title) and moving time in minutes. */
export function ActivityFormFields<TVars>({ defaultValues = emptyActivityForm, disabled, mutation, toVariables, onSuccess, actions, formId }: Props<TVars>) {
  const { form, onSubmit, formErrors, errorOf, controlled } = useSchemaForm({ schema: ActivityForm, defaultValues, mutation, toVariables, onSuccess });
  const { register, watch } = form;
  const isOther = watch('name') === OTHER_ACTIVITY;
  const title = controlled<string>('name');

  return (
    <form id={formId} noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        <Select
          label="Title"
          placeholder="Choose an activity"
          data={typeOptions}
          searchable
          withAsterisk
          disabled={disabled}
          {...title}
          value={title.value || null}
          onChange={(value) => title.onChange(value ?? '')}
          comboboxProps={{ withinPortal: true }}
        />
        {isOther && (
          <TextInput label="Other title" placeholder="e.g. Kayaking" withAsterisk disabled={disabled} {...register('otherName')} error={errorOf('otherName')} />
        )}
        <NumberInput
          label="Moving time (minutes)"
          withAsterisk
          min={MOVING_TIME_MIN}
          max={MOVING_TIME_MAX}
          allowDecimal={false}
          allowNegative={false}
          disabled={disabled}
          onFocus={selectOnFocus}
          {...controlled<number | string>('movingTime')}
        />
        <FormAlert messages={formErrors} />
        <Group justify="flex-end" gap="sm">
          {actions}
        </Group>
      </Stack>
    </form>
  );
}
