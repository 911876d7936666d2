import { onlineManager, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { carrySentByForm, isShownByForm } from '../../../api/form-sent';
import { newIdempotencyKey, type Keyed } from '../../../api/offline/queued-writes';

type Callbacks<TData> = { onSuccess?: (data: TData) => void; onError?: (error: Error) => void; onSettled?: () => void };

/**
 * A queued write as a screen uses it: `mutate(input)` gives the write its Idempotency-Key. Offline,
 * the write waits on the device and the screen carries on at once (its form closes as after a
 * save); `isPending` means "on its way", not "waiting for the connection".
 */
export const useQueuedWrite = <TData, TInput, TVars extends Keyed>(mutation: UseMutationResult<TData, Error, TVars>, toVariables: (input: TInput, idempotencyKey: string) => TVars) => {
  const mutations = useQueryClient().getMutationCache();
  return {
    ...mutation,
    isPending: mutation.isPending && !mutation.isPaused,
    mutate: (input: TInput, callbacks?: Callbacks<TData | undefined>) => {
      const variables = toVariables(input, newIdempotencyKey());
      carrySentByForm(input, variables);
      if (onlineManager.isOnline())
        return mutation.mutate(variables, {
          ...callbacks,
          // A refusal the open form shows beside its fields is dealt with there, not listed again under
          // 'Changes not saved'. This callback runs only while the form is mounted: a write refused after
          // its form closed stays listed, the one place that says so.
          onError: (error) => {
            if (isShownByForm(error, variables)) {
              const refused = mutations.getAll().find((candidate) => candidate.state.variables === variables);
              if (refused) mutations.remove(refused);
            }
            callbacks?.onError?.(error);
          },
        });
      mutation.mutate(variables);
      callbacks?.onSuccess?.(undefined);
      callbacks?.onSettled?.();
    },
  };
};
