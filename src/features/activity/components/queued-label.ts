import type { QueuedMark } from '../queued-overlay';

/** The words on a queued calendar entry (docs/product-rules.md#offline-logging). */
export const queuedLabel = ({ status, change }: Pick<QueuedMark, 'status' | 'change'>) => {
  if (status === 'refused') return 'Not saved';
  return change === 'deleted' ? 'Pending delete' : 'Pending';
};
