import { Button, type ButtonProps } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { Suspense, lazy, useState } from 'react';

// The dialog (and the upload code) comes with the first click: no page carries it before.
const ImportWorkoutFilesDialog = lazy(() => import('./import-workout-files-dialog'));

/** 'Import workout files', on the dashboard and the fitness-services screen. */
export function ImportWorkoutFilesButton(props: Pick<ButtonProps, 'variant' | 'size'>) {
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        variant="light"
        {...props}
        leftSection={<IconFileImport size={18} />}
        onClick={() => {
          setLoaded(true);
          setOpened(true);
        }}
      >
        Import workout files
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <ImportWorkoutFilesDialog opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
