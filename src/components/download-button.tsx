import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '../api/toasts';

/** 'Download CSV': runs the export, shows it is working, and says so when it fails. */
export function DownloadButton({
  label = 'Download CSV',
  ariaLabel,
  download,
}: {
  label?: string;
  ariaLabel?: string;
  download: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={busy}
      aria-label={ariaLabel}
      onClick={async () => {
        setBusy(true);
        try {
          await download();
        } catch (error) {
          toast.error('fetch', error instanceof Error ? error.message : undefined);
        } finally {
          setBusy(false);
        }
      }}
    >
      {label}
    </Button>
  );
}
