import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { browserNavigation } from '../../../src/lib/browser-navigation';
import { signInAtProvider, startIdentityProvider, type IdpAccount, type TestIdentityProvider } from '../../support/identity-provider';
import type { MockHostSettings } from '../../support/mock-host';
import { clientHost } from './host';

/** Where the provider sends the browser back (the callback page; the server builds its URL from this). */
const REDIRECT_URI = 'http://localhost:3000/sso/callback';

/**
 * Single sign-on for a client test file: the real identity provider (oidc-provider on a loopback
 * port, as the contract suite's) with `people`, and the mock host set up as its relying party.
 */
export const withIdentityProvider = (people: IdpAccount[]) => {
  let idp: TestIdentityProvider | undefined;
  beforeAll(async () => {
    idp = await startIdentityProvider({ redirectUris: [REDIRECT_URI] });
    for (const person of people) idp.addAccount(person);
  });
  afterAll(() => idp?.close());
  return {
    /** The host's settings with 'Acme SSO' (and password sign-in unless `passwordSignin` is false). */
    enable: (passwordSignin = true, more: MockHostSettings = {}) =>
      clientHost.reset({ ...more, oidc: { issuer: idp!.issuer, clientId: idp!.clientId, clientSecret: idp!.clientSecret, buttonLabel: 'Acme SSO', redirectUri: REDIRECT_URI }, passwordSignin }),
  };
};

/**
 * Presses `button` and signs in at the provider's page as `email`, as the browser would after being
 * sent there; returns the query string the provider sends back to the callback page.
 */
export const answerOfProvider = async (user: ReturnType<typeof userEvent.setup>, button: string, email: string) => {
  const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
  try {
    await user.click(await screen.findByRole('button', { name: button }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledTimes(1), { timeout: 8000 });
    return await signInAtProvider(assign.mock.calls[0]![0], email, REDIRECT_URI);
  } finally {
    assign.mockRestore();
  }
};
