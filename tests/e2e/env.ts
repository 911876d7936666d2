/** Where the browser tests' app runs and the admin it bootstraps (E2E_PORT moves both servers). */
const port = Number(process.env.E2E_PORT ?? 3111);

export const E2E = {
  port,
  baseUrl: `http://127.0.0.1:${port}`,
  dataDir: `.e2e-data${process.env.E2E_PORT ? `-${port}` : ''}`,
  admin: { email: 'admin@e2e.test', password: 'Admin-e2e-Password1' },
  /** A fake Strava and Google Health (tests/server/trackers/fake-provider.ts) that profile.spec.ts runs on this port. */
  fakeTrackerUrl: `http://127.0.0.1:${port + 1}`,
  /** The identity provider (oidc-provider, tests/support/identity-provider.ts) that sso.spec.ts runs; the app discovers it at the first sign-in. */
  identityProvider: { url: `http://127.0.0.1:${port + 10}`, clientSecret: 'e2e-oidc-client-secret', label: 'Acme SSO' },
  /** Two more apps with another sign-up policy (a process reads SIGNUP_MODE once at start), for signup-policy.spec.ts. */
  policies: {
    domain: { baseUrl: `http://127.0.0.1:${port + 20}`, port: port + 20, dataDir: `.e2e-data-domain${process.env.E2E_PORT ? `-${port}` : ''}`, env: { SIGNUP_MODE: 'domain', SIGNUP_EMAIL_DOMAINS: 'acme.test' } },
    invite: { baseUrl: `http://127.0.0.1:${port + 21}`, port: port + 21, dataDir: `.e2e-data-invite${process.env.E2E_PORT ? `-${port}` : ''}`, env: { SIGNUP_MODE: 'invite' } },
  },
} as const;
