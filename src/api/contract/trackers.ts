import { z } from 'zod';
import { endpoint } from './common';

export const apiTypes = ['STRAVA', 'FITBIT'] as const;
export const ApiType = z.enum(apiTypes, 'Service must be STRAVA or FITBIT');
export type ApiType = z.infer<typeof ApiType>;
export const ConnectedApis = z.object({ apis: z.array(ApiType) });
export type ConnectedApis = z.infer<typeof ConnectedApis>;

export const ConnectCode = z.object({
  code: z.string().trim().min(1, 'Authorisation code is required').max(512, 'Authorisation code is too long'),
  /** Fitbit uses PKCE (S256): the verifier the SPA kept while the user was away. */
  codeVerifier: z.string().min(43).max(128).optional(),
});
export const DisconnectApi = z.object({ apiType: ApiType });
export const SyncResult = z.object({ imported: z.number().int().min(0) });

export const trackersEndpoints = {
  apis: endpoint({ method: 'GET', path: '/users/apis', auth: 'user', status: 200, response: ConnectedApis }),
  connectStrava: endpoint({ method: 'POST', path: '/users/connect-strava', auth: 'user', body: ConnectCode, status: 200, response: ConnectedApis }),
  connectFitbit: endpoint({ method: 'POST', path: '/users/connect-fitbit', auth: 'user', body: ConnectCode, status: 200, response: ConnectedApis }),
  disconnectApi: endpoint({ method: 'DELETE', path: '/users/disconnect-api', auth: 'user', body: DisconnectApi, status: 200, response: ConnectedApis }),
  syncActivities: endpoint({ method: 'POST', path: '/users/sync-activities', auth: 'user', status: 200, response: SyncResult }),
};
