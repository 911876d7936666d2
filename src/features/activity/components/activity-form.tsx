import { Group, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ActivityForm, MOVING_TIME_MAX, MOVING_TIME_MIN, OTHER_ACTIVITY, activityTypes } from '../../../api/contract/activity';
import { FormAlert, useSchemaForm, type SubmitMutation } from '../../../components/form';

export type ActivityFormInput = z.input<typeof ActivityForm>;
export type ActivityFormValues = z.output<typeof ActivityForm>;

/** SPEC 2: name empty, otherName empty, startTime empty, movingTime 1. */
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
  const { form, onSubmit, formErrors, errorOf } = useSchemaForm({ schema: ActivityForm, defaultValues, mutation, toVariables, onSuccess });
  const { control, register } = form;
  const isOther = useWatch({ control, name: 'name' }) === OTHER_ACTIVITY;

  return (
    <form id={formId} noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        <Controller
          control={control}
          name="name"
          render={({ field, fieldState }) => (
            <Select
              label="Title"
              placeholder="Choose an activity"
              data={typeOptions}
              searchable
              withAsterisk
              disabled={disabled}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldState.error?.message}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        {isOther && (
          <TextInput label="Other title" placeholder="e.g. Kayaking" withAsterisk disabled={disabled} {...register('otherName')} error={errorOf('otherName')} />
        )}
        <Controller
          control={control}
          name="movingTime"
          render={({ field, fieldState }) => (
            <NumberInput
              label="Moving time (minutes)"
              withAsterisk
              min={MOVING_TIME_MIN}
              max={MOVING_TIME_MAX}
              allowDecimal={false}
              allowNegative={false}
              disabled={disabled}
              value={field.value as number | string}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
        <FormAlert messages={formErrors} />
        <Group justify="flex-end" gap="sm">
          {actions}
        </Group>
      </Stack>
    </form>
  );
}
