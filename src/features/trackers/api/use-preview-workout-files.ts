import { useState } from 'react';
import { useApiMutation } from '../../../api/api-mutation';
import { workoutFileEndpoints } from '../../../api/contract/workout-files';
import { uploadWithProgress, type UploadProgress } from '../../../api/upload-with-progress';

/** The browser's time zone: GPX and TCX files carry UTC times only, and the day of a workout is the athlete's. */
const browserTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
};

/**
 * 'Import workout files', step one: uploads the chosen files (the time zone first, then one
 * `files` part each) and gets back what importing them would do. Nothing is saved yet. The upload's
 * progress is kept for the dialog; its errors are shown in the dialog, not toasted.
 */
export const usePreviewWorkoutFiles = () => {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const mutation = useApiMutation({
    call: async (files: File[]) => {
      const form = new FormData();
      const zone = browserTimeZone();
      if (zone) form.append('timeZone', zone);
      for (const file of files) form.append('files', file, file.name);
      setProgress({ sent: 0, total: files.reduce((sum, file) => sum + file.size, 0) });
      try {
        return await uploadWithProgress(workoutFileEndpoints.previewWorkoutFiles, form, setProgress);
      } finally {
        setProgress(null);
      }
    },
    invalidates: null,
    // An id of its own keeps the shared cache from toasting the refusal the dialog shows.
    toasts: { category: 'create', id: 'workout-files-preview', loading: false, success: false, shownOnScreen: () => true },
  });
  return { ...mutation, progress };
};
