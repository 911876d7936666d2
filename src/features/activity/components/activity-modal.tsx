import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { discardQueuedWrite } from '../../../api/offline/queued-writes';
import { OTHER_ACTIVITY, type Activity } from '../../../api/contract/activity';
import { useDeleteActivity } from '../api/use-delete-activity';
import { useLogActivity } from '../api/use-log-activity';
import { useUpdateActivity } from '../api/use-update-activity';
import { useIsEditableDay } from '../dashboard-clock';
import { dayTitle } from '../month';
import { sourceLabel } from '../source-label';
import { ActivityFormFields, emptyActivityForm, type ActivityFormInput, type ActivityFormValues } from './activity-form';

/**
 * What the modal opens for. A refused queued write comes back here to be changed: its values are
 * `initial`, and `replaces` names the refused write, dropped once the new one is saved.
 */
export type ActivityTarget = ({ kind: 'add'; day: string } | { kind: 'edit'; activity: Activity }) & { initial?: ActivityFormInput; replaces?: number };

/** A saved title outside the types list shows as Other with the title as otherName (docs/product-rules.md#activities). */
const formValuesOf = (activity: Activity): ActivityFormInput => ({
  name: activity.otherName ? OTHER_ACTIVITY : activity.name,
  otherName: activity.otherName ?? '',
  startTime: activity.start,
  movingTime: activity.movingTime,
});

const otherNameOf = (values: ActivityFormValues) => (values.name === OTHER_ACTIVITY ? values.otherName : undefined);

/** 'Add new activity' and 'Manage activity' (Update, Delete with confirmation). */
export function ActivityModal({ target, onClose }: { target: ActivityTarget | null; onClose: () => void }) {
  const logActivity = useLogActivity();
  const updateActivity = useUpdateActivity();
  const deleteActivity = useDeleteActivity();
  const isEditable = useIsEditableDay();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const queryClient = useQueryClient();

  const close = () => {
    setConfirmingDelete(false);
    logActivity.reset();
    updateActivity.reset();
    deleteActivity.reset();
    onClose();
  };
  const day = target ? (target.kind === 'add' ? target.day : target.activity.startDate) : '';
  const editable = target ? isEditable(day) : false;
  const busy = logActivity.isPending || updateActivity.isPending || deleteActivity.isPending;
  const formProps = {
    formId: 'activity-form',
    disabled: !editable,
    onSuccess: () => {
      if (target?.replaces !== undefined) discardQueuedWrite(queryClient, target.replaces);
      close();
    },
    actions:
      target?.kind === 'edit' ? (
        <>
          <Button color="red" variant="light" disabled={!editable || busy} onClick={() => setConfirmingDelete(true)}>
            Delete
          </Button>
          <Button type="submit" form="activity-form" disabled={!editable} loading={updateActivity.isPending}>
            Update
          </Button>
        </>
      ) : (
        <>
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="activity-form" disabled={!editable} loading={logActivity.isPending}>
            Save
          </Button>
        </>
      ),
  };

  return (
    <Modal opened={target !== null} onClose={close} title={target?.kind === 'edit' ? 'Manage activity' : 'Add new activity'}>
      {target && (
        <Stack gap="md">
          <div>
            <Text size="sm" c="dimmed">
              {dayTitle(day)}
            </Text>
            {target.kind === 'edit' && (
              <Text size="sm" c="dimmed" data-testid="activity-source">
                {sourceLabel(target.activity)}
              </Text>
            )}
          </div>
          {!editable && (
            <Alert color="gray" variant="light">
              This day can no longer be changed.
            </Alert>
          )}
          {confirmingDelete && target.kind === 'edit' ? (
            <Stack gap="md">
              <Text>Are you sure you want to delete this activity?</Text>
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={() => setConfirmingDelete(false)}>
                  Cancel
                </Button>
                <Button
                  color="red"
                  loading={deleteActivity.isPending}
                  onClick={() => deleteActivity.mutate(target.activity, { onSuccess: close })}
                >
                  Yes, delete
                </Button>
              </Group>
            </Stack>
          ) : target.kind === 'add' ? (
            <ActivityFormFields
              key={`add-${target.day}`}
              {...formProps}
              defaultValues={target.initial ?? emptyActivityForm}
              mutation={logActivity}
              // docs/product-rules.md#activities: the selected date plus the default start time (00:00), in ISO form.
              toVariables={(values) => ({
                name: values.name,
                otherName: otherNameOf(values),
                movingTime: values.movingTime,
                startTime: `${target.day}T00:00:00.000Z`,
              })}
            />
          ) : (
            <ActivityFormFields
              key={target.activity.id}
              {...formProps}
              defaultValues={target.initial ?? formValuesOf(target.activity)}
              mutation={updateActivity}
              toVariables={(values) => ({
                activity: target.activity,
                body: {
                  name: values.name,
                  otherName: otherNameOf(values),
                  movingTime: values.movingTime,
                  startDate: target.activity.startDate,
                },
              })}
            />
          )}
        </Stack>
      )}
    </Modal>
  );
}
