import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccessOptions } from './contract/access';
import { API_BASE } from './api-base';

/**
 * GET /access/options with plain fetch: the nav bar of the login page needs it, and that page's
 * first load carries neither ky nor zod (the answer is public and small).
 */
export const accessOptionsQuery = () =>
  queryOptions({
    queryKey: ['access', 'options'] as const,
    queryFn: async ({ signal }): Promise<AccessOptions> => {
      const response = await fetch(`${API_BASE}/access/options`, { signal, headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`access options answered ${response.status}`);
      return (await response.json()) as AccessOptions;
    },
    // The policy changes only with a server restart.
    staleTime: 10 * 60 * 1000,
    meta: { errorToast: false },
  });

/** The sign-up policy, or undefined while it loads (callers then behave as in open mode). */
export const useAccessOptions = () => useQuery(accessOptionsQuery()).data;
