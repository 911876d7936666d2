import type { ImportSource } from '@/contract/import-sources';
import { importedSourceLabel } from '@/contract/imported-sources';
import type { Source } from './repo';
import type { SkipReason } from './import-plan';

/** What the preview says of a workout that will not be imported (docs/trackers.md "File imports"). */
export const UNUSED_IN_UPLOAD = 'Already in this upload (another file has the same workout)';

const importedFrom = (source: Source) => (source === 'file' ? 'Already imported from an earlier file' : `Already imported from ${importedSourceLabel(source)}`);

export const skipReasonText = (skip: { reason: SkipReason | 'not_a_workout' | 'already_imported'; twinSource?: Source | null; source?: ImportSource; seconds?: number | null }) => {
  switch (skip.reason) {
    case 'not_a_workout':
      return 'Not a workout';
    case 'too_short':
      return skip.seconds ? 'Shorter than a minute' : 'No duration';
    case 'future':
      return 'Starts in the future';
    case 'outside_window':
      return 'Outside the competition year';
    case 'duplicate':
      return skip.twinSource ? importedFrom(skip.twinSource) : 'Already imported from another service';
    case 'already_imported':
      return importedFrom(skip.source ?? 'file');
  }
};

export const stepSkipText = { alreadyTicked: 'Already ticked' };
