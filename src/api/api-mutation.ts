import { onlineManager, useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { queuedWriteOptions } from './offline/queued-writes';
import { isShownByForm } from './form-sent';
import { referenceOf, shouldToastError } from './query-client';
import { sessionKey } from './session';
import { toast, type ToastCategory } from './toasts';

/** What a success refetches: queries under a key, everything but the session, or nothing. */
export type Invalidation = QueryKey | 'all-but-session' | null;

type PerCall<T, TVars> = T | ((vars: TVars) => T);

export type ApiMutation<TData, TVars> = {
  /** The endpoint call (callApi with the contract's descriptor). */
  call: (vars: TVars) => Promise<TData>;
  /** What a success makes stale (refetched before the mutation settles). */
  invalidates: Invalidation | ((data: TData, vars: TVars) => Invalidation);
  toasts: {
    /** The toast category (docs/product-rules.md#toasts-and-errors): its texts are the defaults below. */
    category: PerCall<ToastCategory, TVars>;
    /**
     * A toast of its own: loading, success and every error show in it, and the shared MutationCache
     * stays quiet (`errorToast: false`). Without one, the cache toasts 400/404/500 and this the rest.
     */
    id?: PerCall<string, TVars>;
    /** Loading text; false: no loading toast. */
    loading?: string | false;
    /** Success text; false: no success toast. */
    success?: string | false | ((data: TData, vars: TVars) => string);
    /** Errors the screen shows itself (a wrong password on the form, a banner): no error toast, and the loading toast goes. */
    shownOnScreen?: (error: Error) => boolean;
  };
  /**
   * The refetch of `invalidates` runs behind the success instead of before it: the form closes as the
   * answer arrives. For writes whose `update` has put the answer on screen already.
   */
  refetchBehind?: boolean;
  /** Cache writes from the answer, before the refetch (e.g. the session's user after a profile save). */
  update?: (queryClient: QueryClient, data: TData, vars: TVars) => void;
  /** Last step of a success (e.g. navigation). */
  then?: (data: TData, vars: TVars, queryClient: QueryClient) => unknown;
  mutationKey?: QueryKey;
  /** A write that waits for the connection when there is none (offline/queued-writes.ts). */
  queued?: ReturnType<typeof queuedWriteOptions>;
};

/** The toast of a write made offline (docs/product-rules.md#offline-logging). */
export const SAVED_ON_DEVICE_MESSAGE = 'Saved on this device. It is sent when you are back online.';

const pick = <T, TVars>(value: PerCall<T, TVars>, vars: TVars): T => (typeof value === 'function' ? (value as (vars: TVars) => T)(vars) : value);

/** Reads everything again but the session (invalidates: 'all-but-session'). */
export const invalidateAllButSession = (queryClient: QueryClient) => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });

/** One mutation pattern for every endpoint: the call, what it invalidates and its toasts. */
export const useApiMutation = <TData, TVars = void>(spec: ApiMutation<TData, TVars>) => {
  const queryClient = useQueryClient();
  const { toasts } = spec;
  const idOf = (vars: TVars) => (toasts.id === undefined ? undefined : pick(toasts.id, vars));
  return useMutation<TData, Error, TVars>({
    mutationKey: spec.mutationKey,
    ...spec.queued,
    mutationFn: spec.call,
    meta: toasts.id === undefined ? undefined : { errorToast: false },
    onMutate: (vars) => {
      if (spec.queued && !onlineManager.isOnline()) toast.info(SAVED_ON_DEVICE_MESSAGE, { id: 'saved-on-device' });
      else if (toasts.loading !== false) toast.loading(pick(toasts.category, vars), toasts.loading, idOf(vars));
    },
    onError: (error, vars) => {
      if (toasts.shownOnScreen?.(error) || isShownByForm(error, vars)) {
        if (toasts.loading !== false) toast.hide(pick(toasts.category, vars), idOf(vars));
        return;
      }
      if (!shouldToastError(error) || idOf(vars) !== undefined) toast.error(pick(toasts.category, vars), error.message || undefined, idOf(vars), referenceOf(error));
    },
    onSuccess: async (data, vars) => {
      if (toasts.success !== false) {
        const message = typeof toasts.success === 'function' ? toasts.success(data, vars) : toasts.success;
        toast.success(pick(toasts.category, vars), message, idOf(vars));
      }
      spec.update?.(queryClient, data, vars);
      const target = typeof spec.invalidates === 'function' ? spec.invalidates(data, vars) : spec.invalidates;
      const refetched = target === 'all-but-session' ? invalidateAllButSession(queryClient) : target ? queryClient.invalidateQueries({ queryKey: target }) : undefined;
      if (!spec.refetchBehind) await refetched;
      await spec.then?.(data, vars, queryClient);
    },
  });
};
