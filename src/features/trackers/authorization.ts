import { callApi } from '../../api/call-api';
import { trackersEndpoints, type ApiType } from '../../api/contract/trackers';

/**
 * The provider's authorisation page for the signed-in employee (docs/trackers.md "How a connection
 * works"). The server builds it: the `state` (and Google's PKCE verifier) stay on the server,
 * bound to this user, single use, 10 minutes; the redirect URI comes from APP_ORIGIN.
 */
export const authorizationUrl = async (service: ApiType) => (await callApi(trackersEndpoints.authorizeTracker, { body: { apiType: service } })).url;
