import type { QueryClient } from '@tanstack/react-query';
import { toast } from '../toasts';
import { isQueuedWrite } from './queued-writes';

/** "3 changes made on this device were sent and saved." (docs/product-rules.md#offline-logging). */
export const sentMessage = (sent: number, refused: number) =>
  `${sent === 1 ? '1 change' : `${sent} changes`} made on this device ${sent === 1 ? 'was' : 'were'} sent and saved.` +
  (refused > 0 ? ` ${refused === 1 ? '1 was' : `${refused} were`} not accepted: see 'Changes not saved'.` : '');

/**
 * Says how the queue went once it has emptied: how many of the writes that had to wait (for the
 * connection, or after a failed try) reached the server, and how many it refused. Writes sent at
 * once online are not counted: their own toast said so. Returns the unsubscribe.
 */
export const watchQueuedSync = (queryClient: QueryClient) => {
  const waiting = new Set<number>();
  let sent = 0;
  let refused = 0;
  const settle = () => {
    if (waiting.size > 0) return;
    if (sent > 0) toast.success('create', sentMessage(sent, refused), 'queued-sync');
    sent = 0;
    refused = 0;
  };
  return queryClient.getMutationCache().subscribe((event) => {
    if (!event.mutation || !isQueuedWrite(event.mutation)) return;
    const { mutationId } = event.mutation;
    // Discarded by the person: neither sent nor refused.
    if (event.type === 'removed') {
      if (waiting.delete(mutationId)) settle();
      return;
    }
    if (event.type !== 'updated') return;
    const action = event.action.type;
    if (action === 'pause' || action === 'failed') waiting.add(mutationId);
    if (!waiting.has(mutationId) || (action !== 'success' && action !== 'error')) return;
    waiting.delete(mutationId);
    if (action === 'success') sent += 1;
    else refused += 1;
    settle();
  });
};
