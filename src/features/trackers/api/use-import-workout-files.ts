import { callApi } from '../../../api/call-api';
import { useApiMutation } from '../../../api/api-mutation';
import { workoutFileEndpoints, type WorkoutFilesImported } from '../../../api/contract/workout-files';

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** The toast after an import: what came onto the calendar. */
export const importedMessage = (outcome: WorkoutFilesImported) => {
  const parts = [
    outcome.imported > 0 ? `${plural(outcome.imported, 'workout', 'workouts')} imported` : null,
    outcome.updated > 0 ? `${plural(outcome.updated, 'workout', 'workouts')} updated` : null,
    outcome.stepDays > 0 ? `${plural(outcome.stepDays, 'step day', 'step days')} ticked` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'Everything in these files was already here';
};

/** 'Import N workouts': writes what the preview showed; the calendar, feed and standings refetch. */
export const useImportWorkoutFiles = () =>
  useApiMutation({
    call: (ticket: string) => callApi(workoutFileEndpoints.importWorkoutFiles, { body: { ticket } }),
    invalidates: 'all-but-session',
    toasts: { category: 'create', loading: 'Importing your workouts...', success: importedMessage },
  });
