import { callApi } from '../../../api/call-api';
import { ssoEndpoints } from '../../../api/contract/sso';
import { useApiMutation } from '../../../api/api-mutation';
import { browserNavigation } from '../../../lib/browser-navigation';

/**
 * 'Confirm with <label>' (docs/security.md#re-authentication): the server opens an attempt that asks
 * the provider for the credentials again; the callback page brings the person back to this dialog.
 */
export const useSsoReauthentication = () =>
  useApiMutation({
    call: () => callApi(ssoEndpoints.reauthenticate),
    invalidates: null,
    toasts: { category: 'create', loading: false, success: false },
    then: ({ authorizationUrl }) => browserNavigation.assign(authorizationUrl),
  });
