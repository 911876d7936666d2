import { useApiMutation } from '../../../api/api-mutation';
import { browserNavigation } from '../../../lib/browser-navigation';
import { preloadAuthCalls } from './lazy-auth-calls';

/** 'Sign in with <label>': opens an attempt on the server, then leaves for the identity provider's page. */
export function useSsoStart() {
  return useApiMutation({
    call: async () => (await preloadAuthCalls()).startSsoCall(),
    invalidates: null,
    toasts: { category: 'create', loading: false, success: false },
    then: ({ authorizationUrl }) => browserNavigation.assign(authorizationUrl),
  });
}
