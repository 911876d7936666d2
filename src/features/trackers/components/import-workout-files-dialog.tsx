import { Alert, Button, FileButton, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileUpload } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useImportWorkoutFiles } from '../api/use-import-workout-files';
import { usePreviewWorkoutFiles } from '../api/use-preview-workout-files';
import { WorkoutFilesPreviewList } from './workout-files-preview';

const ACCEPTED = '.fit,.gpx,.tcx,.zip,.xml,.gz,application/zip,application/gpx+xml,application/vnd.garmin.tcx+xml';

const sizeText = (bytes: number) => (bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1000))} kB`);

/** The import button's text: what will be written. */
const importLabel = (workouts: number, stepDays: number) =>
  workouts > 0 ? `Import ${workouts.toLocaleString('en-US')} ${workouts === 1 ? 'workout' : 'workouts'}` : `Tick ${stepDays} ${stepDays === 1 ? 'step day' : 'step days'}`;

/**
 * 'Import workout files': choose FIT, GPX or TCX files, a ZIP of them or Apple Health's export.zip;
 * the server reads them and shows what it found (upload progress, then the preview); 'Import N
 * workouts' writes it. Loaded with the first click (its own chunk).
 */
export default function ImportWorkoutFilesDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [files, setFiles] = useState<File[]>([]);
  const preview = usePreviewWorkoutFiles();
  const importing = useImportWorkoutFiles();
  const shown = preview.data;
  // A phone gets the whole screen: the list and the buttons need the room.
  const phone = useMediaQuery('(max-width: 36em)') ?? false;

  const choose = (chosen: File[]) => {
    setFiles(chosen);
    preview.reset();
    if (chosen.length > 0) preview.mutate(chosen);
  };
  const close = () => {
    if (importing.isPending) return;
    setFiles([]);
    preview.reset();
    onClose();
  };
  const uploaded = preview.progress && preview.progress.total > 0 ? Math.min(100, Math.round((preview.progress.sent / preview.progress.total) * 100)) : 0;
  const stillUploading = preview.progress !== null && uploaded < 100;
  const total = files.reduce((sum, file) => sum + file.size, 0);

  return (
    <Modal opened={opened} onClose={close} title="Import workout files" size="lg" centered fullScreen={phone}>
      <Stack gap="md">
        <Text size="sm">
          Choose FIT, GPX or TCX files from your watch&apos;s app, a ZIP of them (Garmin Connect&apos;s or Strava&apos;s bulk export), or Apple Health&apos;s export.zip. You see what
          will be imported before anything is saved.
        </Text>
        <Group gap="sm">
          <FileButton onChange={choose} accept={ACCEPTED} multiple>
            {(props) => (
              <Button {...props} variant={shown ? 'default' : 'filled'} leftSection={<IconFileUpload size={18} />} disabled={preview.isPending || importing.isPending}>
                {files.length > 0 ? 'Choose other files' : 'Choose files'}
              </Button>
            )}
          </FileButton>
          {files.length > 0 && (
            <Text size="sm" c="dimmed">
              {files.length === 1 ? files[0]!.name : `${files.length} files`} · {sizeText(total)}
            </Text>
          )}
        </Group>
        {preview.isPending && (
          <Stack gap={4} role="status" aria-live="polite">
            <Text size="sm">{stillUploading ? `Uploading… ${uploaded} %` : 'Reading your files… a large export takes a minute or two.'}</Text>
            <Progress value={stillUploading ? uploaded : 100} striped={!stillUploading} animated={!stillUploading} aria-label={stillUploading ? 'Upload progress' : 'Reading the files'} />
          </Stack>
        )}
        {preview.error && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" title="These files could not be imported">
            {preview.error.message} Nothing was saved.
          </Alert>
        )}
        {shown && <WorkoutFilesPreviewList preview={shown} />}
        {shown && !shown.ticket && <Text size="sm">There is nothing new to import in these files.</Text>}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={importing.isPending}>
            {shown && !shown.ticket ? 'Close' : 'Cancel'}
          </Button>
          {shown?.ticket && (
            <Button loading={importing.isPending} onClick={() => importing.mutate(shown.ticket!, { onSuccess: close })}>
              {importLabel(shown.toImport.workouts, shown.toImport.stepDays)}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
