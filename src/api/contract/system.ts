import { z } from 'zod';
import { endpoint } from './common';

export const Health = z.object({ status: z.literal('ok') });
export const Ready = z.object({ status: z.literal('ready') });

/**
 * Public settings the SPA needs at run time (tracker client ids are not secrets): one entry per
 * configured provider, keyed by its `source` (src/api/contract/tracker-providers.ts); absent or null: not
 * offered here.
 */
export const ClientConfig = z.record(z.string(), z.object({ clientId: z.string(), authorizeUrl: z.string() }).nullable());
export type ClientConfig = z.infer<typeof ClientConfig>;

export const systemEndpoints = {
  health: endpoint({ method: 'GET', path: '/health', auth: 'guest', status: 200, response: Health }),
  ready: endpoint({ method: 'GET', path: '/ready', auth: 'guest', status: 200, response: Ready }),
  config: endpoint({ method: 'GET', path: '/config', auth: 'guest', status: 200, response: ClientConfig }),
};
