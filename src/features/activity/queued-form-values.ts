import type { QueuedWrite } from '../../api/offline/queued-writes';
import type { LogActivityVars, UpdateActivityVars } from './api/activity-writes';
import type { ActivityFormInput } from './components/activity-form';

/** The form values of a refused activity write, for 'Edit' (null: nothing to edit, e.g. a delete). */
export const formValuesOfWrite = (write: QueuedWrite): { day: string; values: ActivityFormInput } | null => {
  if (write.kind !== 'activity.log' && write.kind !== 'activity.update') return null;
  const body = (write.variables as LogActivityVars | UpdateActivityVars).body;
  const day = 'startTime' in body ? String(body.startTime).slice(0, 10) : (write.variables as UpdateActivityVars).activity.startDate;
  return { day, values: { name: body.name, otherName: body.otherName ?? '', movingTime: body.movingTime, startTime: '' } };
};
