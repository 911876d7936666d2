import { z } from 'zod';
import { endpoint } from './common';

export const Health = z.object({ status: z.literal('ok') });
export const Ready = z.object({ status: z.literal('ready') });

/** Public settings the SPA needs at run time (tracker client ids are not secrets). */
export const ClientConfig = z.object({
  strava: z.object({ clientId: z.string(), authorizeUrl: z.string() }).nullable(),
  fitbit: z.object({ clientId: z.string(), authorizeUrl: z.string() }).nullable(),
});
export type ClientConfig = z.infer<typeof ClientConfig>;

export const systemEndpoints = {
  health: endpoint({ method: 'GET', path: '/health', auth: 'guest', status: 200, response: Health }),
  ready: endpoint({ method: 'GET', path: '/ready', auth: 'guest', status: 200, response: Ready }),
  config: endpoint({ method: 'GET', path: '/config', auth: 'guest', status: 200, response: ClientConfig }),
};
