import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { ssoEndpoints, type SsoProfileBody } from '../../../api/contract';

/** Single sign-on calls of the callback and profile pages (docs/access.md#single-sign-on); the login page's start is in auth-calls.ts. */

/** The callback page's one call: `search` is the query string the provider sent the browser back with. */
export const ssoCallbackCall = (search: string) => callApi(ssoEndpoints.callback, { body: { search } });

export const completeSsoProfileCall = (fields: SsoProfileBody, photo: File | null) => callApi(ssoEndpoints.completeProfile, { body: fields, files: { photo } });

export const ssoQueries = {
  profile: () =>
    queryOptions({
      queryKey: ['auth', 'sso-profile'] as const,
      queryFn: ({ signal }) => callApi(ssoEndpoints.profile, { signal }),
      // The page explains an expired sign-in itself.
      meta: { errorToast: false },
      retry: false,
      staleTime: Infinity,
    }),
};
